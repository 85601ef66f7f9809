// /admin/poles/import: an operator imports a company's poles from a CSV or GeoJSON file.
// "Check file" sends it for a preview (counts and row errors, nothing written); "Import"
// is offered only for a preview with no error and sends the same file again, with a
// progress bar while it is sent and written; the end says plainly: all written, or nothing.
// Viewers (read-only accounts) are told why they cannot import.
import { POLE_IMPORT_MAX_BYTES, POLE_IMPORT_MAX_MB, type PoleImportPreview } from '@acende/shared/schemas/poles-import';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { PageShell, QueryState } from '../../../components/ui/page-shell.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ADMIN_COMPANIES_KEY, getAdminEnergyCompanies } from '../../../lib/admin-energy-companies.ts';
import { useAdminProfile } from '../../../lib/admin-session.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { fetchPublicEnergyCompanies, PUBLIC_COMPANIES_KEY } from '../../../lib/public-energy-companies.ts';
import { importPoles, type PoleImportOutcome, previewPoleImport, rejectedRows } from '../api/import-poles.ts';
import { ImportErrorsTable } from './import-errors-table.tsx';

/** Where a request stands: sending the file (share sent), the server reading it, or writing (done of total). */
type Progress =
  | { phase: 'sending'; sent: number }
  | { phase: 'validating' }
  | { phase: 'writing'; done: number; total: number };

type Step =
  | { kind: 'choosing' }
  | { kind: 'previewing'; progress: Progress }
  | { kind: 'previewed'; preview: PoleImportPreview }
  | { kind: 'importing'; preview: PoleImportPreview; progress: Progress }
  | { kind: 'finished'; outcome: PoleImportOutcome };

export default function PoleImportPage() {
  const { t } = useTranslation();
  const profile = useAdminProfile();
  // The account decides what is offered (nothing to a viewer, its own companies to a linked one).
  if (!profile.data) {
    return (
      <PageShell title={t('poles.import.title')}>
        <Spinner />
      </PageShell>
    );
  }
  if (profile.data.role === 'viewer') {
    return (
      <PageShell title={t('poles.import.title')}>
        <p role="note">{t('poles.import.viewerRefused')}</p>
      </PageShell>
    );
  }
  return <ImportForm isAdmin={profile.data.role === 'admin'} linked={profile.data.companyIds} />;
}

function ImportForm({ isAdmin, linked }: { isAdmin: boolean; linked: number[] }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const id = useId();
  // Administrators choose among every company; other accounts among the active ones they may import into.
  const companies = useQuery({
    queryKey: isAdmin ? ADMIN_COMPANIES_KEY : PUBLIC_COMPANIES_KEY,
    queryFn: isAdmin ? getAdminEnergyCompanies : fetchPublicEnergyCompanies,
    select: (list: { id: number; name: string }[]) =>
      linked.length === 0 || isAdmin ? list : list.filter((company) => linked.includes(company.id)),
  });
  const [companyId, setCompanyId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'choosing' });
  const [formError, setFormError] = useState<string | undefined>();
  const fileInput = useRef<HTMLInputElement>(null);
  const outcomeHeading = useRef<HTMLHeadingElement>(null);
  const number = (value: number) => value.toLocaleString(i18n.language === 'en' ? 'en' : 'pt-BR');

  const only = companies.data?.length === 1 ? companies.data[0] : undefined;
  useEffect(() => {
    if (only && companyId === '') setCompanyId(String(only.id));
  }, [only, companyId]);

  // A preview or an outcome takes the focus, so its words are read first.
  const shownKind = step.kind;
  useEffect(() => {
    if (shownKind === 'previewed' || shownKind === 'finished') outcomeHeading.current?.focus();
  }, [shownKind]);

  const busy = step.kind === 'previewing' || step.kind === 'importing';
  const reset = () => {
    setStep({ kind: 'choosing' });
    setFormError(undefined);
  };

  const check = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || companyId === '') {
      setFormError(t('poles.import.chooseFile'));
      (companyId === '' ? document.getElementById(`${id}-company`) : fileInput.current)?.focus();
      return;
    }
    if (file.size > POLE_IMPORT_MAX_BYTES) {
      setFormError(t('poles.import.fileTooLarge', { max: POLE_IMPORT_MAX_MB }));
      return;
    }
    setFormError(undefined);
    setStep({ kind: 'previewing', progress: { phase: 'sending', sent: 0 } });
    try {
      const preview = await previewPoleImport(Number(companyId), file, {
        onUpload: (sent) => setStep({ kind: 'previewing', progress: { phase: 'sending', sent } }),
        onUploaded: () => setStep({ kind: 'previewing', progress: { phase: 'validating' } }),
      });
      setStep({ kind: 'previewed', preview });
    } catch (error) {
      setStep({ kind: 'choosing' });
      setFormError(errorMessage(error, t('errors.generic')));
    }
  };

  const runImport = async (preview: PoleImportPreview) => {
    if (!file) return;
    const progress = (next: Progress) => setStep({ kind: 'importing', preview, progress: next });
    progress({ phase: 'sending', sent: 0 });
    try {
      const outcome = await importPoles(Number(companyId), file, {
        onUpload: (sent) => progress({ phase: 'sending', sent }),
        onUploaded: () => progress({ phase: 'validating' }),
        onWriting: (done, total) => progress({ phase: 'writing', done, total }),
      });
      setStep({ kind: 'finished', outcome });
      if (outcome.kind !== 'failed') void queryClient.invalidateQueries({ queryKey: ['admin', 'poles'] });
    } catch (error) {
      // A 422 (the registry changed since the preview, or the file did): show its rows again.
      const rejected = rejectedRows(error);
      if (rejected) setStep({ kind: 'previewed', preview: { ...preview, ...rejected } });
      else
        setStep({ kind: 'finished', outcome: { kind: 'failed', message: errorMessage(error, t('errors.generic')) } });
    }
  };

  const progressOf = (progress: Progress) => {
    if (progress.phase === 'validating') return <Spinner label={t('poles.import.phase.validating')} />;
    if (progress.phase === 'sending') {
      const percent = Math.round(progress.sent * 100);
      return (
        <ProgressBar
          label={t('poles.import.progressLabel')}
          value={percent}
          max={100}
          text={t('poles.import.phase.sending', { percent })}
        />
      );
    }
    return (
      <ProgressBar
        label={t('poles.import.progressLabel')}
        value={progress.done}
        max={Math.max(progress.total, 1)}
        text={t('poles.import.phase.writing', { done: number(progress.done), total: number(progress.total) })}
      />
    );
  };

  return (
    <PageShell title={t('poles.import.title')} description={t('poles.import.intro')} className="gap-6 max-w-3xl">
      <QueryState query={companies} errorMessage={t('errors.generic')} retryLabel={t('operations.common.retry')}>
        {(choices) => (
          <form className="grid gap-4" onSubmit={check} noValidate>
            <SelectField
              id={`${id}-company`}
              label={t('poles.import.company')}
              required
              empty={t('poles.import.chooseCompany')}
              value={companyId}
              disabled={busy}
              onChange={(event) => {
                setCompanyId(event.target.value);
                reset();
              }}
              choices={choices.map((company) => ({ value: String(company.id), label: company.name }))}
            />
            <TextField
              id={`${id}-file`}
              ref={fileInput}
              type="file"
              accept=".csv,.geojson,.json,text/csv,application/geo+json,application/json"
              label={t('poles.import.file')}
              hint={
                <>
                  {t('poles.import.fileHint', { max: POLE_IMPORT_MAX_MB })} {t('poles.import.columnsHelp')}
                </>
              }
              required
              disabled={busy}
              error={formError}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                reset();
              }}
            />
            <div>
              <Button type="submit" variant={step.kind === 'previewed' ? 'secondary' : 'primary'} disabled={busy}>
                {step.kind === 'previewing' ? t('poles.import.previewing') : t('poles.import.preview')}
              </Button>
            </div>
          </form>
        )}
      </QueryState>

      {/* Phase changes are announced once; the bar's own value is read when it is reached. */}
      <p className="sr-only" aria-live="polite">
        {step.kind === 'previewing' || step.kind === 'importing'
          ? t(`poles.import.phaseAnnounce.${step.progress.phase}`)
          : ''}
      </p>
      {step.kind === 'previewing' ? progressOf(step.progress) : null}

      {step.kind === 'previewed' || step.kind === 'importing' ? (
        <PreviewPanel
          preview={step.preview}
          headingRef={outcomeHeading}
          number={number}
          importing={step.kind === 'importing'}
          onImport={() => void runImport(step.preview)}
        >
          {step.kind === 'importing' ? progressOf(step.progress) : null}
        </PreviewPanel>
      ) : null}

      {step.kind === 'finished' ? (
        <section className="grid gap-3" aria-labelledby={`${id}-outcome`}>
          <h2 id={`${id}-outcome`} ref={outcomeHeading} tabIndex={-1} className="font-heading text-xl font-bold">
            {step.outcome.kind === 'done' ? t('poles.import.resultTitle') : t('poles.import.failedTitle')}
          </h2>
          {step.outcome.kind === 'done' ? (
            <p role="status">
              {t('poles.import.result', {
                created: number(step.outcome.result.created),
                updated: number(step.outcome.result.updated),
                unchanged: number(step.outcome.result.unchanged),
                rows: number(step.outcome.result.rows),
              })}
            </p>
          ) : step.outcome.kind === 'failed' ? (
            <p role="alert">{t('poles.import.failedNothingWritten', { message: step.outcome.message })}</p>
          ) : (
            <p role="alert">{t('poles.import.connectionLost')}</p>
          )}
          <div>
            <Button
              variant="secondary"
              onClick={() => {
                setFile(null);
                if (fileInput.current) fileInput.current.value = '';
                reset();
                fileInput.current?.focus();
              }}
            >
              {t('poles.import.another')}
            </Button>
          </div>
        </section>
      ) : null}
    </PageShell>
  );
}

function PreviewPanel({
  preview,
  headingRef,
  number,
  importing,
  onImport,
  children,
}: {
  preview: PoleImportPreview;
  headingRef: React.Ref<HTMLHeadingElement>;
  number: (value: number) => string;
  importing: boolean;
  onImport: () => void;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const toWrite = preview.created + preview.updated;
  return (
    <section className="grid gap-3" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="font-heading text-xl font-bold">
        {t('poles.import.summaryTitle')}
      </h2>
      <p>
        {t('poles.import.summary', {
          count: preview.rows,
          created: number(preview.created),
          updated: number(preview.updated),
          unchanged: number(preview.unchanged),
        })}
      </p>
      {preview.errorCount > 0 ? (
        <>
          <p role="alert" className="font-medium text-red-800">
            {t('poles.import.errorsTitle', { count: preview.errorCount })}
          </p>
          {preview.errorCount > preview.errors.length ? (
            <p>{t('poles.import.errorsShown', { shown: preview.errors.length, count: preview.errorCount })}</p>
          ) : null}
          <ImportErrorsTable preview={preview} />
        </>
      ) : toWrite === 0 ? (
        <p role="status">{t('poles.import.importNothing')}</p>
      ) : (
        <>
          <p role="status">{t('poles.import.noErrors')}</p>
          <div>
            <Button onClick={onImport} disabled={importing}>
              {t('poles.import.import', { count: toWrite })}
            </Button>
          </div>
        </>
      )}
      {children}
    </section>
  );
}
