// The wizard's data across its steps, kept in session storage until the request is
// submitted, so a reload or Back loses nothing, and as a draft on the device (IndexedDB,
// lib/draft-store.ts, loaded lazily) so a closed tab loses nothing either, photos included.
// Success and "start over" clear both.
import type { ProblemType } from '@acende/shared/enums';
import type { PoleLookup } from '@acende/shared/schemas/poles';
import type { CreateRepairRequestInput, CreateRepairRequestResponse } from '@acende/shared/schemas/repair-requests';
import { useCallback, useEffect, useRef, useState } from 'react';

export const WIZARD_STORAGE_KEY = 'acende.wizard';

export interface ContactValues {
  name: string;
  email: string;
  phone: string;
  /** Notices by SMS to the phone (issue 36): asked for with a box left unticked unless ticked. */
  notifySms?: boolean;
  /** Notices by WhatsApp to the phone (issue 36), likewise. */
  notifyWhatsapp?: boolean;
}

/** Spec section 3's location state, plus the confirmation and manual-mode flags of step 2. */
export interface LocationState {
  latitude: number | null;
  longitude: number | null;
  address: string;
  loaded: boolean;
  error: string | null;
  confirmed: boolean;
  manual: boolean;
}

/**
 * A photo the citizen attached on step 2, already shrunk by the browser (decision 0033). A
 * Blob: session storage (JSON) leaves photos out, while a draft kept in IndexedDB stores the
 * whole WizardData, Blobs included (structured clone).
 */
export interface WizardPhoto {
  id: string;
  blob: Blob;
}

export interface WizardData {
  step: 1 | 2 | 3;
  contact: ContactValues;
  location: LocationState;
  reference: string;
  problemType: ProblemType | '';
  company: string;
  /** The registry's pole the request is about (a QR label, a typed number, the map's layer). */
  pole: PoleLookup | null;
  /** The Idempotency-Key of the last submission attempt and what it carried. */
  submission: { key: string; fingerprint: string } | null;
  /**
   * Step 2's photos (up to PHOTO_MAX_COUNT), sent after the request is filed (not part of its
   * payload): kept as Blobs in the device's draft (IndexedDB), never in session storage.
   */
  photos: WizardPhoto[];
}

export interface WizardResult extends CreateRepairRequestResponse {
  input: CreateRepairRequestInput;
  poleNumber?: string | null;
  /** The photos still to send to the filed request. */
  photos?: WizardPhoto[];
}

export const emptyLocation: LocationState = {
  latitude: null,
  longitude: null,
  address: '',
  loaded: false,
  error: null,
  confirmed: false,
  manual: false,
};

export const emptyWizard: WizardData = {
  step: 1,
  contact: { name: '', email: '', phone: '' },
  location: emptyLocation,
  reference: '',
  problemType: '',
  company: '',
  pole: null,
  submission: null,
  photos: [],
};

/** Stored wizard data read back: the fields a newer wizard added get their empty values. */
export function fromStored(stored: Partial<WizardData>): WizardData {
  const step = stored.step === 2 || stored.step === 3 ? stored.step : 1;
  return {
    ...emptyWizard,
    ...stored,
    step,
    contact: { ...emptyWizard.contact, ...stored.contact },
    location: { ...emptyLocation, ...stored.location },
    // Session storage (JSON) holds none; the device's draft (IndexedDB) holds the Blobs.
    photos: Array.isArray(stored.photos) ? stored.photos : [],
  };
}

export function loadWizard(): WizardData {
  try {
    const raw = sessionStorage.getItem(WIZARD_STORAGE_KEY);
    return raw ? fromStored(JSON.parse(raw) as Partial<WizardData>) : emptyWizard;
  } catch {
    return emptyWizard;
  }
}

function saveWizard(data: WizardData | null): void {
  try {
    // Photos are Blobs, which JSON cannot carry: session storage keeps the rest.
    if (data) sessionStorage.setItem(WIZARD_STORAGE_KEY, JSON.stringify({ ...data, photos: undefined }));
    else sessionStorage.removeItem(WIZARD_STORAGE_KEY);
  } catch {
    // Storage full or disabled: the wizard still works, it just forgets on reload.
  }
}

/** The payload of POST /api/repair-requests from the wizard's data. */
export function toCreateInput(data: WizardData): CreateRepairRequestInput {
  return {
    name: data.contact.name,
    email: data.contact.email,
    phone: data.contact.phone,
    address: data.location.address,
    reference: data.reference,
    problemType: data.problemType as ProblemType,
    latitude: data.location.latitude === null ? '' : String(data.location.latitude),
    longitude: data.location.longitude === null ? '' : String(data.location.longitude),
    company: data.company,
    ...(data.pole ? { pole: String(data.pole.id) } : {}),
    ...(data.contact.notifySms ? { notifySms: true } : {}),
    ...(data.contact.notifyWhatsapp ? { notifyWhatsapp: true } : {}),
  };
}

/** A new key when the payload changed since the last attempt; the same key for a plain retry. */
export function submissionKey(
  previous: WizardData['submission'],
  input: CreateRepairRequestInput,
  makeKey: () => string = () => crypto.randomUUID(),
): { key: string; fingerprint: string } {
  const fingerprint = JSON.stringify(input);
  if (previous && previous.fingerprint === fingerprint) return previous;
  return { key: makeKey(), fingerprint };
}

const loadDraftStore = () => import('./draft-store.ts');

/** How long the draft waits for typing to pause before it is written to the device. */
const DRAFT_SAVE_DELAY_MS = 300;

export function useWizardState() {
  const [data, setData] = useState<WizardData>(loadWizard);
  const [result, setResult] = useState<WizardResult | null>(null);
  /** A draft was found on the device at load: the page says so and offers to start over. */
  const [restored, setRestored] = useState(false);
  // The device's draft is written only once it has been read, so an empty wizard never overwrites it.
  const [draftRead, setDraftRead] = useState(false);
  // Bumped whenever the draft is cleared: a read or a write begun before then is dropped, so
  // the draft of a request already filed never comes back (a save timed out just as it went).
  const generation = useRef(0);

  useEffect(() => {
    if (!result) saveWizard(data);
  }, [data, result]);

  useEffect(() => {
    let stop = false;
    const asOf = generation.current;
    loadDraftStore()
      .then((store) => store.restoreDraft(fromStored))
      .then((restore) => {
        if (stop || generation.current !== asOf || !restore) return;
        setData(restore);
        setRestored(true);
      })
      .catch(() => {
        // No IndexedDB (private mode, an old browser) or the chunk did not come: session storage still holds it.
      })
      .finally(() => {
        if (!stop) setDraftRead(true);
      });
    return () => {
      stop = true;
    };
  }, []);

  useEffect(() => {
    if (!draftRead || result) return;
    const asOf = generation.current;
    const timer = setTimeout(() => {
      loadDraftStore()
        .then((store) => (generation.current === asOf ? store.keepDraft(data) : undefined))
        .catch(() => {});
    }, DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [data, draftRead, result]);

  const forgetDraft = useCallback(() => {
    generation.current += 1;
    setRestored(false);
    loadDraftStore()
      .then((store) => store.clearDraft())
      .catch(() => {});
  }, []);

  const update = useCallback((patch: Partial<WizardData>) => setData((current) => ({ ...current, ...patch })), []);
  const updateLocation = useCallback(
    (patch: Partial<LocationState>) =>
      setData((current) => ({ ...current, location: { ...current.location, ...patch } })),
    [],
  );
  const complete = useCallback(
    (done: WizardResult) => {
      saveWizard(null);
      forgetDraft();
      setResult(done);
    },
    [forgetDraft],
  );
  const reset = useCallback(() => {
    saveWizard(null);
    forgetDraft();
    setResult(null);
    setData(emptyWizard);
  }, [forgetDraft]);

  return { data, result, restored, update, updateLocation, complete, reset };
}
