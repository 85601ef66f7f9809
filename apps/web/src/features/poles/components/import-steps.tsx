// What the import screen shows under its form: the progress of a call, the preview (counts,
// row errors, the Import button) and the end (all written, or nothing).
import type { PoleImportPreview } from '@acende/shared/schemas/poles-import';
import { useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { PoleImportOutcome } from '../api/import-poles.ts';
import { ImportAdjustments } from './import-adjustments.tsx';
import { ImportErrorsTable } from './import-errors-table.tsx';
import type { Progress, Step } from './use-pole-import.ts';

/** Numbers as the reader's language writes them. */
export function useNumber() {
  const { i18n } = useTranslation();
  return (value: number) => value.toLocaleString(i18n.language === 'en' ? 'en' : 'pt-BR');
}

export function ImportProgress({ progress }: { progress: Progress }) {
  const { t } = useTranslation();
  const number = useNumber();
  if (progress.phase === 'validating') return <Spinner label={t('admin-poles.poles.import.phase.validating')} />;
  if (progress.phase === 'sending') {
    const percent = Math.round(progress.sent * 100);
    return (
      <ProgressBar
        label={t('admin-poles.poles.import.progressLabel')}
        value={percent}
        max={100}
        text={t('admin-poles.poles.import.phase.sending', { percent })}
      />
    );
  }
  return (
    <ProgressBar
      label={t('admin-poles.poles.import.progressLabel')}
      value={progress.done}
      max={Math.max(progress.total, 1)}
      text={t('admin-poles.poles.import.phase.writing', { done: number(progress.done), total: number(progress.total) })}
    />
  );
}

export function PreviewPanel({
  preview,
  headingRef,
  importing,
  onImport,
  children,
}: {
  preview: PoleImportPreview;
  headingRef: React.Ref<HTMLHeadingElement>;
  importing: boolean;
  onImport: () => void;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const number = useNumber();
  const headingId = useId();
  const toWrite = preview.created + preview.updated;
  return (
    <section className="grid gap-3" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="font-heading text-xl font-bold">
        {t('admin-poles.poles.import.summaryTitle')}
      </h2>
      <p>
        {t('admin-poles.poles.import.summary', {
          count: preview.rows,
          created: number(preview.created),
          updated: number(preview.updated),
          unchanged: number(preview.unchanged),
        })}
      </p>
      {preview.errorCount > 0 ? (
        <>
          <p role="alert" className="font-medium text-red-800">
            {t('admin-poles.poles.import.errorsTitle', { count: preview.errorCount })}
          </p>
          {preview.errorCount > preview.errors.length ? (
            <p>
              {t('admin-poles.poles.import.errorsShown', { shown: preview.errors.length, count: preview.errorCount })}
            </p>
          ) : null}
          <ImportErrorsTable preview={preview} />
        </>
      ) : null}
      {/* Before the Import button: what the file will be stored as is read before it is confirmed. */}
      <ImportAdjustments preview={preview} number={number} />
      {preview.errorCount > 0 ? null : toWrite === 0 ? (
        <p role="status">{t('admin-poles.poles.import.importNothing')}</p>
      ) : (
        <>
          <p role="status">{t('admin-poles.poles.import.noErrors')}</p>
          <div>
            <Button onClick={onImport} disabled={importing}>
              {t('admin-poles.poles.import.import', { count: toWrite })}
            </Button>
          </div>
        </>
      )}
      {children}
    </section>
  );
}

export function ImportOutcome({
  outcome,
  headingRef,
  onAnother,
}: {
  outcome: PoleImportOutcome;
  headingRef: React.Ref<HTMLHeadingElement>;
  onAnother: () => void;
}) {
  const { t } = useTranslation();
  const number = useNumber();
  const headingId = useId();
  return (
    <section className="grid gap-3" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="font-heading text-xl font-bold">
        {outcome.kind === 'done'
          ? t('admin-poles.poles.import.resultTitle')
          : t('admin-poles.poles.import.failedTitle')}
      </h2>
      {outcome.kind === 'done' ? (
        <p role="status">
          {t('admin-poles.poles.import.result', {
            created: number(outcome.result.created),
            updated: number(outcome.result.updated),
            unchanged: number(outcome.result.unchanged),
            rows: number(outcome.result.rows),
          })}
        </p>
      ) : outcome.kind === 'failed' ? (
        <p role="alert">{t('admin-poles.poles.import.failedNothingWritten', { message: outcome.message })}</p>
      ) : (
        <p role="alert">{t('admin-poles.poles.import.connectionLost')}</p>
      )}
      <div>
        <Button variant="secondary" onClick={onAnother}>
          {t('admin-poles.poles.import.another')}
        </Button>
      </div>
    </section>
  );
}

/** The steps after the form: the phase announced, the progress, the preview and the end. */
export function ImportSteps({
  step,
  headingRef,
  onImport,
  onAnother,
}: {
  step: Step;
  headingRef: React.Ref<HTMLHeadingElement>;
  onImport: (preview: PoleImportPreview) => void;
  onAnother: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {/* Phase changes are announced once; the bar's own value is read when it is reached. */}
      <p className="sr-only" aria-live="polite">
        {step.kind === 'previewing' || step.kind === 'importing'
          ? t(`admin-poles.poles.import.phaseAnnounce.${step.progress.phase}`)
          : ''}
      </p>
      {step.kind === 'previewing' ? <ImportProgress progress={step.progress} /> : null}
      {step.kind === 'previewed' || step.kind === 'importing' ? (
        <PreviewPanel
          preview={step.preview}
          headingRef={headingRef}
          importing={step.kind === 'importing'}
          onImport={() => onImport(step.preview)}
        >
          {step.kind === 'importing' ? <ImportProgress progress={step.progress} /> : null}
        </PreviewPanel>
      ) : null}
      {step.kind === 'finished' ? (
        <ImportOutcome outcome={step.outcome} headingRef={headingRef} onAnother={onAnother} />
      ) : null}
    </>
  );
}
