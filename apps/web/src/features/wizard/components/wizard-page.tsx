// The request wizard at '/': contact, location, company, then the success screen.
// Its data lives in session storage until submitted (lib/wizard-state.ts).
import { WIZARD_STEPS, wizardProgress } from '@acende/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { usePublicEnergyCompanies } from '../../../lib/public-energy-companies.ts';
import { publicSiteQueries } from '../../../lib/query-keys/public-site.ts';
import { useLoadedAndIdle } from '../../../lib/use-loaded-and-idle.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { loadLaterSteps } from '../lib/later-steps-loader.ts';
import { useWizardState } from '../lib/wizard-state.ts';
import { ContactStep } from './contact-step.tsx';

const LocationStep = lazy(() => loadLaterSteps().then((m) => ({ default: m.LocationStep })));
const FilingStep = lazy(() => loadLaterSteps().then((m) => ({ default: m.FilingStep })));
const SuccessScreen = lazy(() => loadLaterSteps().then((m) => ({ default: m.SuccessScreen })));
// Shown beside steps 2 and 3 only, so it travels with them (decision 0054).
const SummaryPanel = lazy(() => loadLaterSteps().then((m) => ({ default: m.SummaryPanel })));
// The draft's and the connection's notices, with their texts: in the same chunk, drawn once the page is idle (decisions 0024, 0054).
const WizardNotices = lazy(() => loadLaterSteps().then((m) => ({ default: m.WizardNotices })));

/**
 * The bar and the words beside it agree: step x of y fills x/y of it (issue 35); the success
 * screen (a step past the last) fills it and names itself instead.
 */
export function WizardProgress({ step, total = WIZARD_STEPS }: { step: number; total?: number }) {
  const { t } = useTranslation();
  const done = step > total;
  const text = done ? t('public.wizard.steps.4') : t('public.wizard.stepOf', { step, total });
  return (
    <div className="mb-6">
      <div
        role="progressbar"
        aria-label={t('public.wizard.progress')}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={Math.min(step, total)}
        aria-valuetext={text}
        className="h-2 w-full overflow-hidden rounded-full bg-gray-200"
      >
        <div className="h-full bg-primary-strong transition-all" style={{ width: `${wizardProgress(step, total)}%` }} />
      </div>
      {done ? null : (
        <p className="mt-1 text-right text-sm text-gray-700" aria-hidden="true">
          {text}
        </p>
      )}
    </div>
  );
}

/**
 * The document's title for a step, GOV.UK's way: "{page} – {title} · Acende", the page being
 * "Passo 2 de 3: Localização" or the success screen's name, and "Erro: " first while the step's
 * error summary shows (its words come with the summary's chunk).
 */
export function useStepTitle(title: string, page: string, failed: boolean) {
  const { t } = useTranslation();
  const full = t('public.wizard.pageTitle', { page, title });
  usePageTitle(failed ? t('public-wizard.errorSummary.documentTitle', { title: full }) : full);
}

export function WizardPage() {
  const { t } = useTranslation();
  // The SMS box of step 1 shows while the service sends SMS (issue 36).
  const channels = useQuery(publicSiteQueries.site()).data?.channels;
  const smsOffered = channels?.sms === true;
  const whatsappOffered = channels?.whatsapp === true;
  const { data, result, restored, update, updateLocation, complete, reset } = useWizardState();
  const companies = usePublicEnergyCompanies();
  const [companyName, setCompanyName] = useState<string | undefined>(undefined);
  const step = result ? 4 : data.step;
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  // The step's error summary shows (each step says so, and false as it goes).
  const [failed, setFailed] = useState(false);

  useStepTitle(
    t('public.wizard.title'),
    step === 4
      ? t('public.wizard.steps.4')
      : t('public.wizard.stepPage', {
          stepOf: t('public.wizard.stepOf', { step, total: WIZARD_STEPS }),
          name: t(`public.wizard.stepNames.${step}`),
        }),
    failed,
  );

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
                smsOffered={smsOffered}
                whatsappOffered={whatsappOffered}
                onErrors={setFailed}
                defaultValues={data.contact}
                onDraft={(contact) => update({ contact: { ...data.contact, ...contact } })}
                onNext={(contact) => update({ contact: { ...data.contact, ...contact }, step: 2 })}
              />
            ) : step === 2 ? (
              <LocationStep
                onErrors={setFailed}
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
                onErrors={setFailed}
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
