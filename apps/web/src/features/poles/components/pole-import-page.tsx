// /admin/poles/import: an operator imports a company's poles from a CSV or GeoJSON file.
// "Check file" sends it for a preview (counts and row errors, nothing written); "Import"
// is offered only for a preview with no error and sends the same file again, with a
// progress bar while it is sent and written; the end says plainly: all written, or nothing.
// Viewers (read-only accounts) are told why they cannot import.
import { POLE_IMPORT_MAX_MB, type PoleImportPreview } from '@acende/shared/schemas/poles-import';
import { useQuery } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { PageShell, QueryState } from '../../../components/ui/page-shell.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAdminProfile } from '../../../lib/admin-session.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { energyCompanyQueries } from '../../../lib/query-keys/energy-companies.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { ImportSteps } from './import-steps.tsx';
import { useImportFileForm } from './use-import-file-form.ts';
import { usePoleImport } from './use-pole-import.ts';

export default function PoleImportPage() {
  const { t } = useTranslation();
  const profile = useAdminProfile();
  // The account decides what is offered (nothing to a viewer, its own companies to a linked one).
  if (!profile.data) {
    return (
      <PageShell title={t('admin-poles.poles.import.title')}>
        <Spinner />
      </PageShell>
    );
  }
  if (profile.data.role === 'viewer') {
    return (
      <PageShell title={t('admin-poles.poles.import.title')}>
        <p role="note">{t('admin-poles.poles.import.viewerRefused')}</p>
      </PageShell>
    );
  }
  return <ImportForm isAdmin={profile.data.role === 'admin'} linked={profile.data.companyIds} />;
}

function ImportForm({ isAdmin, linked }: { isAdmin: boolean; linked: number[] }) {
  const { t } = useTranslation();
  // Administrators choose among every company; other accounts among the active ones they may import into.
  const mine = <C extends { id: number }>(list: C[]) =>
    linked.length === 0 || isAdmin ? list : list.filter((company) => linked.includes(company.id));
  // Both as get-pole-companies.ts asks them: only the one the role calls for is fetched.
  const all = useQuery({ ...energyCompanyQueries.admin(), enabled: isAdmin, select: mine });
  const open = useQuery({ ...energyCompanyQueries.public(), enabled: !isAdmin, select: mine });
  const companies = isAdmin ? all : open;
  const failed = (error: unknown) => errorMessage(error, t('common.errors.generic'));
  const { step, busy, outcomeHeading, check, runImport, reset } = usePoleImport(failed);
  const only = companies.data?.length === 1 ? companies.data[0] : undefined;
  const { id, form, field, fileInput, focusMissing, clearFile } = useImportFileForm(only?.id);
  const restart = () => {
    reset();
    form.clearErrors();
  };

  const onSubmit = form.handleSubmit(async ({ company, file }) => {
    if (!file) return;
    await check(Number(company), file).catch((error: unknown) => form.setError('file', { message: failed(error) }));
  }, focusMissing);
  const onImport = (preview: PoleImportPreview) => {
    const { company, file } = form.getValues();
    if (file) void runImport(Number(company), file, preview);
  };

  return (
    <PageShell
      title={t('admin-poles.poles.import.title')}
      description={t('admin-poles.poles.import.intro')}
      className="gap-6 max-w-3xl"
    >
      <QueryState
        query={companies}
        errorMessage={t('common.errors.generic')}
        retryLabel={t('admin-operations.operations.common.retry')}
      >
        {(choices) => (
          <form className="grid gap-4" onSubmit={onSubmit} noValidate>
            <SelectField
              label={t('admin-poles.poles.import.company')}
              required
              empty={t('admin-poles.poles.import.chooseCompany')}
              disabled={busy}
              choices={choices.map((company) => ({ value: String(company.id), label: company.name }))}
              {...field('company', { onChange: restart })}
            />
            <Controller
              control={form.control}
              name="file"
              render={({ field: file, fieldState }) => (
                <TextField
                  id={`${id}-file`}
                  ref={(input) => {
                    fileInput.current = input;
                    file.ref(input);
                  }}
                  type="file"
                  accept=".csv,.geojson,.json,text/csv,application/geo+json,application/json"
                  label={t('admin-poles.poles.import.file')}
                  hint={
                    <>
                      {t('admin-poles.poles.import.fileHint', { max: POLE_IMPORT_MAX_MB })}{' '}
                      {t('admin-poles.poles.import.columnsHelp')}
                    </>
                  }
                  required
                  disabled={busy}
                  error={fieldState.error?.message}
                  onBlur={file.onBlur}
                  onChange={(event) => {
                    file.onChange(event.target.files?.[0] ?? null);
                    restart();
                  }}
                />
              )}
            />
            <div>
              <Button type="submit" variant={step.kind === 'previewed' ? 'secondary' : 'primary'} disabled={busy}>
                {step.kind === 'previewing'
                  ? t('admin-poles.poles.import.previewing')
                  : t('admin-poles.poles.import.preview')}
              </Button>
            </div>
          </form>
        )}
      </QueryState>

      <ImportSteps
        step={step}
        headingRef={outcomeHeading}
        onImport={onImport}
        onAnother={() => {
          clearFile();
          reset();
        }}
      />
    </PageShell>
  );
}
