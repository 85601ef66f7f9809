// /admin/poles/labels: QR labels for every pole of a company, and what the sheet looks like.
// The registry list prints its selection with PrintLabelsButton and links here for a whole
// company (?companyId= chooses it at first).

import { useSearchParams } from 'react-router';
import { QueryPage } from '../../../components/ui/page-shell.tsx';
import { useAdminProfile } from '../../../lib/admin-session.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useLabelCompanies } from '../api/get-label-companies.ts';
import { PrintCompanyLabels } from './print-company-labels.tsx';

export default function PoleLabelsPage() {
  const { t } = useTranslation();
  const companies = useLabelCompanies();
  const profile = useAdminProfile();
  const [params] = useSearchParams();
  const wanted = Number(params.get('companyId'));
  return (
    <QueryPage
      title={t('admin-poles.poles.labels.title')}
      description={t('admin-poles.poles.labels.description')}
      className="max-w-2xl gap-6"
      query={companies}
      errorMessage={errorMessage(companies.error, t('admin-poles.poles.labels.companiesError'))}
      retryLabel={t('admin-poles.poles.labels.retry')}
    >
      {(list) => (
        <>
          <p className="text-gray-700">{t('admin-poles.poles.labels.sheet')}</p>
          {profile.data?.role === 'viewer' ? (
            <p role="note" className="rounded-theme border border-amber-700 bg-amber-50 p-3 text-amber-950">
              {t('admin-poles.poles.labels.viewerNote')}
            </p>
          ) : list.length === 0 ? (
            <p>{t('admin-poles.poles.labels.noCompanies')}</p>
          ) : (
            <PrintCompanyLabels
              companies={list}
              defaultCompanyId={list.some((c) => c.id === wanted) ? wanted : undefined}
            />
          )}
        </>
      )}
    </QueryPage>
  );
}
