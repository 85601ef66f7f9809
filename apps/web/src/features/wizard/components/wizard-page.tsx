// The request wizard at '/': contact, location, company, then the success screen.
// Its data lives in session storage until submitted (lib/wizard-state.ts).
import { wizardProgress } from '@acende/shared/constants';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { usePublicEnergyCompanies } from '../../../lib/public-energy-companies.ts';
import { useLoadedAndIdle } from '../../../lib/use-loaded-and-idle.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { loadLaterSteps } from '../lib/later-steps-loader.ts';
import { useWizardState } from '../lib/wizard-state.ts';
import { ContactStep } from './contact-step.tsx';

const LocationStep = lazy(() => loadLaterSteps().then((m) => ({ default: m.LocationStep })));
const FilingStep = lazy(() => loadLaterSteps().then((m) => ({ default: m.FilingStep })));
const SuccessScreen = lazy(() => loadLaterSteps().then((m) => ({ default: m.SuccessScreen })));
// Shown beside steps 2 and 3 only, so it travels with them (decision 0052).
const SummaryPanel = lazy(() => loadLaterSteps().then((m) => ({ default: m.SummaryPanel })));
// The draft's and the connection's notices, with their texts: in the same chunk, drawn once the page is idle (decisions 0024, 0052).
const WizardNotices = lazy(() => loadLaterSteps().then((m) => ({ default: m.WizardNotices })));

export function WizardProgress({ step }: { step: number }) {
  const { t } = useTranslation();
  const percent = wizardProgress(step);
  return (
    <div className="mb-6">
      <div
        role="progressbar"
        aria-label={t('public.wizard.progress', { percent })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-gray-200"
      >
        <div className="h-full bg-primary-strong transition-all" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 text-right text-sm text-gray-700" aria-hidden="true">
        {percent}%
      </p>
    </div>
  );
}

export function WizardPage() {
  const { t } = useTranslation();
  const { data, result, restored, update, updateLocation, complete, reset } = useWizardState();
  const companies = usePublicEnergyCompanies();
  const [companyName, setCompanyName] = useState<string | undefined>(undefined);
  const step = result ? 4 : data.step;
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  usePageTitle(t('public.wizard.title'));

  // The later steps' chunk, fetched while step 1 is filled in, once the page is drawn and idle.
  const idle = useLoadedAndIdle();
  useEffect(() => {
    if (idle) loadLaterSteps().catch(() => {});
  }, [idle]);

  // Moving between steps puts focus on the new step's heading, so screen readers follow.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on step changes only
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
    window.scrollTo({ top: 0 });
  }, [step]);

  const selectedCompany =
    companyName ?? companies.data?.find((company) => String(company.id) === data.company)?.name ?? undefined;

  return (
    <section aria-labelledby="wizard-title" className="mx-auto max-w-5xl">
      <h1 id="wizard-title" className="mb-4 font-heading text-2xl font-bold">
        {t('public.wizard.title')}
      </h1>
      <WizardProgress step={step} />
      {step !== 4 && idle ? (
        <Suspense fallback={null}>
          <WizardNotices
            restored={restored}
            onStartOver={() => {
              setCompanyName(undefined);
              reset();
            }}
          />
        </Suspense>
      ) : null}
      <div className={step === 2 || step === 3 ? 'grid gap-6 md:grid-cols-[1fr_18rem]' : 'mx-auto max-w-xl'}>
        <div className="min-w-0">
          <h2 ref={heading} tabIndex={-1} className="mb-4 font-heading text-xl font-semibold outline-none">
            {t(`public.wizard.steps.${step}`)}
          </h2>
          <Suspense fallback={<Spinner />}>
            {step === 1 ? (
              <ContactStep
                defaultValues={data.contact}
                onDraft={(contact) => update({ contact: { ...data.contact, ...contact } })}
                onNext={(contact) => update({ contact: { ...data.contact, ...contact }, step: 2 })}
              />
            ) : step === 2 ? (
              <LocationStep
                location={data.location}
                reference={data.reference}
                problemType={data.problemType}
                onLocation={updateLocation}
                pole={data.pole}
                onPole={(pole) => update(pole ? { pole, company: String(pole.companyId) } : { pole: null })}
                onReference={(reference) => update({ reference })}
                onProblemType={(problemType) => update({ problemType })}
                onBack={() => update({ step: 1 })}
                onNext={() => update({ step: 3 })}
                photos={data.photos}
                onPhotos={update}
              />
            ) : step === 3 ? (
              <FilingStep
                data={data}
                update={update}
                complete={complete}
                onCompany={(company, name) => {
                  setCompanyName(name);
                  update({ company });
                }}
                onBack={() => update({ step: 2 })}
              />
            ) : result ? (
              <SuccessScreen
                result={result}
                onNewRequest={() => {
                  setCompanyName(undefined);
                  reset();
                }}
              />
            ) : null}
          </Suspense>
        </div>
        {step === 2 || step === 3 ? (
          <Suspense fallback={null}>
            <SummaryPanel data={data} companyName={selectedCompany} />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}
