// The rules of filing and reading a repair request from the public side.

import type { Language } from '@acende/shared/enums';
import type { MessageKey } from '@acende/shared/i18n/message-key';
import type {
  CreateRepairRequest,
  CreateRepairRequestResponse,
  PublicRepairRequest,
} from '@acende/shared/schemas/repair-requests';
import { brazilianMobile } from '@acende/shared/sms-number';
import type { AppDeps } from '../../app-deps.ts';
import { verifyCaptchaOrThrow } from '../../core/captcha/captcha.service.ts';
import { hasConfirmation } from '../../core/channels/channel-outbox.repository.ts';
import { phoneChannelAccepts, phoneConfirmationMessage } from '../../core/channels/phone-notices.ts';
import { EMAIL_SETTINGS_KEY, isEmailEnabled } from '../../core/outbox/email-settings.service.ts';
import { hasConfirmationEmail } from '../../core/outbox/outbox.repository.ts';
import { confirmationEmail } from '../../core/outbox/outbox.service.ts';
import type { Db } from '../../db/database.ts';
import { type ConfirmationFor, type MessagesFor, perOwner, sharedRead } from '../../hot-path/hot-path.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { hashToken, idempotencyKeyHash, newToken, sha256, trackingTokenForKey } from '../../lib/tokens.ts';
import { fillAreaLater, firstAreaRetryAt } from '../geocoding/area-retry.ts';
import { knownArea } from '../geocoding/geocoding.area.ts';
import { poleForFiling } from '../poles/poles.lookup.service.ts';
import { toPublicRequest } from './public-view.ts';

export interface CreateContext {
  language: Language;
  idempotencyKey?: string;
  /** An Open311 client's API key stands for the captcha (decision 0038): the key was checked before. */
  captchaExempt?: boolean;
  /** The photo or file an Open311 client named (decision 0064): stored, never fetched. */
  mediaUrl?: string | null;
  /**
   * What the client asked, when `input` holds values looked up for it (Open311 fills the
   * address or the point, decision 0064): a retry is recognised by what it sends, not by
   * what the geocoder answered that time.
   */
  asked?: CreateRepairRequest;
}

/** A stable fingerprint of what was asked, so a retried key with other data is caught. */
function fingerprint(input: CreateRepairRequest, mediaUrl: string | null | undefined): string {
  const { captchaToken: _ignored, ...rest } = input;
  // Only a filing that names a photo adds it: every other fingerprint stays as it was.
  const asked: Record<string, unknown> = mediaUrl ? { ...rest, mediaUrl } : rest;
  return sha256(JSON.stringify(Object.entries(asked).sort(([a], [b]) => a.localeCompare(b))));
}

export async function createRepairRequest(
  deps: AppDeps,
  input: CreateRepairRequest,
  context: CreateContext,
): Promise<CreateRepairRequestResponse> {
  const { db, config } = deps;
  const key = context.idempotencyKey;
  const keyHash = key ? idempotencyKeyHash(key) : null;
  const bodyHash = key ? fingerprint(context.asked ?? input, context.mediaUrl) : null;
  // Only the token's hash is stored, and nothing that rebuilds it: with an Idempotency-Key
  // the token comes from the raw key (stored only hashed) and the body under APP_SECRET, so
  // a retry gets the same token back; otherwise it is random.
  const trackingToken = key ? trackingTokenForKey(config.APP_SECRET, key, bodyHash as string) : newToken();
  const email = input.email || null;
  // SMS and WhatsApp go to a mobile only: refused before the captcha is spent.
  const asked = input.notifySms ? mobileOrThrow(input.phone, 'public.errors.smsNeedsMobile') : null;
  const askedWhatsapp = input.notifyWhatsapp ? mobileOrThrow(input.phone, 'public.errors.whatsappNeedsMobile') : null;

  try {
    if (!context.captchaExempt) await verifyCaptchaOrThrow(deps, input.captchaToken);
  } catch (error) {
    // A retry of a request that was stored carries its spent captcha: answer with the request.
    const replay = keyHash ? await replayIdempotent(deps, keyHash, bodyHash as string) : undefined;
    if (replay) return replayAnswer(deps, replay, trackingToken, email);
    throw error;
  }

  // The pole, when one is named, must be in service and the chosen company's (422). A retry
  // of a request stored before the pole left service still answers with that request.
  let pole: { id: number; number: string } | null = null;
  if (input.pole !== undefined) {
    try {
      pole = await poleForFiling(deps, Number(input.pole), Number(input.company));
    } catch (error) {
      const replay = keyHash ? await replayIdempotent(deps, keyHash, bodyHash as string) : undefined;
      if (replay) return replayAnswer(deps, replay, trackingToken, email);
      throw error;
    }
  }

  // The area comes from the geocoder's cache (the citizen's own lookup filled it); when it
  // is not there the request is stored at once, marked for a retry, and the area filled in
  // after (fillAreaLater, else the area retry worker).
  const lat = Number(input.latitude);
  const lon = Number(input.longitude);
  const area = knownArea(deps, lat, lon);
  const filedAt = deps.clock.now();
  const now = filedAt.toISOString();
  const emailQueued = Boolean(email) && (await deps.hotPath.settings.read(EMAIL_SETTINGS_KEY, emailEnabledNow(db)));
  // SMS and WhatsApp only when asked for, while the channel is on and the number did not reply SAIR.
  const smsTo = asked !== null && (await phoneChannelAccepts(db, 'sms', asked)) ? asked : null;
  const whatsappTo =
    askedWhatsapp !== null && (await phoneChannelAccepts(db, 'whatsapp', askedWhatsapp)) ? askedWhatsapp : null;
  const messages = phoneConfirmations(deps, { sms: smsTo, whatsapp: whatsappTo }, context.language);
  const confirmation: ConfirmationFor | undefined =
    email && emailQueued
      ? ({ id, companyName, dueAt }) =>
          confirmationEmail(
            deps,
            { ...input, email, id, companyName, dueAt, language: context.language },
            trackingToken,
          )
      : undefined;
  const filed = await deps.hotPath.fileRequest(
    {
      name: input.name || null,
      email,
      phone: input.phone,
      address: input.address,
      reference: input.reference || null,
      problemType: input.problemType,
      latitude: input.latitude,
      longitude: input.longitude,
      companyId: Number(input.company),
      poleId: pole?.id ?? null,
      poleNumber: pole?.number ?? null,
      district: area?.district ?? null,
      city: area?.city ?? null,
      areaRetryAt: area ? null : firstAreaRetryAt(filedAt),
      language: context.language,
      smsTo,
      whatsappTo,
      mediaUrl: context.mediaUrl ?? null,
      trackingTokenHash: hashToken(trackingToken),
      idempotencyKeyHash: keyHash,
      idempotencyHash: bodyHash,
      createdAt: now,
    },
    confirmation,
    messages,
  );
  if (filed === 'duplicate-key') {
    // The same key was filed by a retry a moment before: answer with that request.
    const replay = await replayIdempotent(deps, keyHash as string, bodyHash as string);
    if (replay) return replayAnswer(deps, replay, trackingToken, email);
    throw new Error('a duplicate Idempotency-Key without its request');
  }
  if (filed === 'company-unavailable') {
    throw new AppError('common.errors.companyUnavailable', 400, undefined, {
      company: 'common.errors.companyUnavailable',
    });
  }
  deps.metrics.requestFiled();
  if (!area) void fillAreaLater(deps, filed.id, lat, lon);
  return {
    id: filed.id,
    companyName: filed.companyName,
    trackingToken,
    emailQueued,
    smsQueued: smsTo !== null,
    whatsappQueued: whatsappTo !== null,
    dueAt: filed.dueAt,
  };
}

/** A replayed filing's answer: whether its confirmations were queued when it was first stored. */
async function replayAnswer(
  deps: AppDeps,
  replay: { id: number; companyName: string; dueAt: string | null },
  trackingToken: string,
  email: string | null,
): Promise<CreateRepairRequestResponse> {
  return {
    ...replay,
    trackingToken,
    emailQueued: email !== null && (await hasConfirmationEmail(deps.db, replay.id)),
    smsQueued: await hasConfirmation(deps.db, 'sms', replay.id),
    whatsappQueued: await hasConfirmation(deps.db, 'whatsapp', replay.id),
  };
}

/**
 * The answer a retry gets when its Idempotency-Key was filed already (409 when it was filed
 * with other data), else undefined: Open311 asks before looking up the place it completes, so
 * a retry after a lost answer costs no geocoder call (decision 0064).
 */
export async function filedForKey(
  deps: AppDeps,
  asked: CreateRepairRequest,
  context: Pick<CreateContext, 'idempotencyKey' | 'mediaUrl'>,
): Promise<CreateRepairRequestResponse | undefined> {
  const key = context.idempotencyKey;
  if (!key) return undefined;
  const bodyHash = fingerprint(asked, context.mediaUrl);
  const replay = await replayIdempotent(deps, idempotencyKeyHash(key), bodyHash);
  if (!replay) return undefined;
  return replayAnswer(deps, replay, trackingTokenForKey(deps.config.APP_SECRET, key, bodyHash), asked.email || null);
}

async function replayIdempotent(deps: AppDeps, keyHash: string, bodyHash: string) {
  const existing = await deps.hotPath.findByIdempotencyKey(keyHash);
  if (!existing) return undefined;
  if (existing.idempotencyHash !== bodyHash) throw conflict('common.errors.idempotencyConflict');
  return { id: existing.id, companyName: existing.companyName, dueAt: existing.dueAt };
}

/** The number SMS go to, or a 400 on the phone field when it is no mobile. */
/** The phone channels' confirmations for the filing's transaction to write, if any was asked for and is on. */
function phoneConfirmations(
  deps: AppDeps,
  to: { sms: string | null; whatsapp: string | null },
  language: string,
): MessagesFor | undefined {
  const channels = (['sms', 'whatsapp'] as const).filter((channel) => to[channel] !== null);
  if (channels.length === 0) return undefined;
  return ({ id }) =>
    channels.map((channel) => phoneConfirmationMessage(deps, channel, { id, to: to[channel] as string, language }));
}

function mobileOrThrow(phone: string, message: MessageKey): string {
  const mobile = brazilianMobile(phone);
  if (mobile) return mobile;
  throw new AppError(message, 400, undefined, { phone: message });
}

/** A request as the tracking page shows it: contact details masked unless `token` is its tracking token. */
export async function getPublicRepairRequest(
  deps: AppDeps,
  id: number,
  token: string | undefined,
): Promise<PublicRepairRequest> {
  return toPublicRequest(await deps.hotPath.findPublicRequest(id), token);
}

/**
 * The filings of one instant share one read of whether e-mail is on, taken after they asked
 * (issue 40), when the hot path does not keep it (decision 0071).
 */
const emailEnabledNow = perOwner((db: Db) => sharedRead(() => isEmailEnabled(db), { concurrency: 1 }));
