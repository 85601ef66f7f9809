// The pole's address, `/p/{companyId}/{number}`, which its QR label carries (decision 20).
// The pole is looked up and the wizard starts with it, its place and its company chosen
// (pole-wizard.tsx: contact, then confirm with the problem and send). An unknown pole says
// so and offers the ordinary wizard. The wizard's code is fetched while the pole is looked
// up, so the page's first load is only the lookup.
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useParams } from 'react-router';
import { Button, LinkButton } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { wizardQueries } from '../api/query-keys.ts';
import '../lib/pole-catalogue.ts';

// A plain import: sharing the wizard's stale-chunk reload would split it out of `/`'s first load.
const loadPoleWizard = () => import('./pole-wizard.tsx');
const PoleWizard = lazy(() => loadPoleWizard().then((m) => ({ default: m.PoleWizard })));

const isRefusal = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

export function PolePage() {
  const { t } = useTranslation();
  const params = useParams();
  const companyId = params.companyId ?? '';
  const asked = params.number ?? '';
  const lookup = useQuery({
    ...wizardQueries.pole(companyId, asked),
    // An unknown pole stays unknown; a dropped connection is worth another try.
    retry: (count, error) => !isRefusal(error) && count < 2,
  });
  const found = lookup.data;
  // The number as the registry writes it, once found.
  const number = found?.pole.number ?? asked;

  // Once found, the wizard names the page by its step.
  usePageTitle(found ? null : t('public-poles.pole.page.title', { number }));

  useEffect(() => {
    loadPoleWizard().catch(() => {});
  }, []);

  return (
    <section aria-labelledby="pole-title" className="mx-auto grid max-w-xl gap-4">
      <h1 id="pole-title" className="font-heading text-2xl font-bold">
        {t('public-poles.pole.page.title', { number })}
      </h1>
      {lookup.isError ? (
        <div role="alert" className="grid gap-3 rounded-theme border border-red-700 bg-red-50 p-4 text-red-900">
          {isRefusal(lookup.error) ? (
            <>
              <h2 className="font-heading text-xl font-semibold">{t('public-poles.pole.page.notFoundTitle')}</h2>
              <p>{t('public-poles.pole.page.notFoundBody', { number })}</p>
            </>
          ) : (
            <>
              <p>{t('public-poles.pole.page.failed')}</p>
              <Button variant="secondary" className="justify-self-start" onClick={() => void lookup.refetch()}>
                {t('public-poles.pole.page.retry')}
              </Button>
            </>
          )}
          <LinkButton to="/" className="justify-self-start">
            {t('public-poles.pole.page.reportNormally')}
          </LinkButton>
        </div>
      ) : found ? (
        <Suspense fallback={<Spinner />}>
          <PoleWizard found={found} />
        </Suspense>
      ) : (
        <Spinner label={t('public-poles.pole.page.looking')} />
      )}
    </section>
  );
}
