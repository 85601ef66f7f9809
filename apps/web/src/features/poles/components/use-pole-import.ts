// The import's steps: choosing, checking the file (a preview, nothing written), the preview,
// importing it with progress, and the end (all written, or nothing). A preview or an end
// takes the focus, so its words are read first.
import type { PoleImportPreview } from '@acende/shared/schemas/poles-import';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { importPoles, type PoleImportOutcome, previewPoleImport, rejectedRows } from '../api/import-poles.ts';
import { poleQueries } from '../api/query-keys.ts';

/** Where a request stands: sending the file (share sent), the server reading it, or writing (done of total). */
export type Progress =
  | { phase: 'sending'; sent: number }
  | { phase: 'validating' }
  | { phase: 'writing'; done: number; total: number };

export type Step =
  | { kind: 'choosing' }
  | { kind: 'previewing'; progress: Progress }
  | { kind: 'previewed'; preview: PoleImportPreview }
  | { kind: 'importing'; preview: PoleImportPreview; progress: Progress }
  | { kind: 'finished'; outcome: PoleImportOutcome };

/** `failed(error)` turns a refusal into the words to show (the server's message or a generic one). */
export function usePoleImport(failed: (error: unknown) => string) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'choosing' });
  const outcomeHeading = useRef<HTMLHeadingElement>(null);

  const shownKind = step.kind;
  useEffect(() => {
    if (shownKind === 'previewed' || shownKind === 'finished') outcomeHeading.current?.focus();
  }, [shownKind]);

  /** Sends the file for a preview; a refusal goes back to choosing and is thrown to the form. */
  const check = async (companyId: number, file: File) => {
    setStep({ kind: 'previewing', progress: { phase: 'sending', sent: 0 } });
    try {
      const preview = await previewPoleImport(companyId, file, {
        onUpload: (sent) => setStep({ kind: 'previewing', progress: { phase: 'sending', sent } }),
        onUploaded: () => setStep({ kind: 'previewing', progress: { phase: 'validating' } }),
      });
      setStep({ kind: 'previewed', preview });
    } catch (error) {
      setStep({ kind: 'choosing' });
      throw error;
    }
  };

  const runImport = async (companyId: number, file: File, preview: PoleImportPreview) => {
    const progress = (next: Progress) => setStep({ kind: 'importing', preview, progress: next });
    progress({ phase: 'sending', sent: 0 });
    try {
      const outcome = await importPoles(companyId, file, {
        onUpload: (sent) => progress({ phase: 'sending', sent }),
        onUploaded: () => progress({ phase: 'validating' }),
        onWriting: (done, total) => progress({ phase: 'writing', done, total }),
      });
      setStep({ kind: 'finished', outcome });
      if (outcome.kind !== 'failed') void queryClient.invalidateQueries({ queryKey: poleQueries.all() });
    } catch (error) {
      // A 422 (the registry changed since the preview, or the file did): show its rows again.
      const rejected = rejectedRows(error);
      if (rejected) setStep({ kind: 'previewed', preview: { ...preview, ...rejected } });
      else setStep({ kind: 'finished', outcome: { kind: 'failed', message: failed(error) } });
    }
  };

  const busy = step.kind === 'previewing' || step.kind === 'importing';
  return { step, busy, outcomeHeading, check, runImport, reset: () => setStep({ kind: 'choosing' }) };
}
