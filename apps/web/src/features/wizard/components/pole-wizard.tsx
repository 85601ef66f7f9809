// The wizard of a pole's address, in two steps: contact, then the pole confirmed with the
// problem, and sent (pole-filing-step.tsx); then the success screen. It starts with the pole,
// its place (confirmed: the registry knows where it stands) and its company, and keeps what
// the citizen typed before (contact, problem) in the wizard's session storage.
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { publicSiteQueries } from '../../../lib/query-keys/public-site.ts';
import { useLoadedAndIdle } from '../../../lib/use-loaded-and-idle.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { FoundPole } from '../api/query-keys.ts';
import { loadLaterSteps } from '../lib/later-steps-loader.ts';
import { emptyLocation, useWizardState } from '../lib/wizard-state.ts';
import { ContactStep } from './contact-step.tsx';
import { useStepTitle, WizardProgress } from './wizard-page.tsx';

const PoleFilingStep = lazy(() => loadLaterSteps().then((m) => ({ default: m.PoleFilingStep })));
const SuccessScreen = lazy(() => loadLaterSteps().then((m) => ({ default: m.SuccessScreen })));

export function PoleWizard({ found }: { found: FoundPole }) {
  const { t } = useTranslation();
  // The SMS box of step 1 shows while the service sends SMS (issue 36).
  const channels = useQuery(publicSiteQueries.site()).data?.channels;
  const smsOffered = channels?.sms === true;
  const whatsappOffered = channels?.whatsapp === true;
  const navigate = useNavigate();
  const { data, result, restored, update, complete, reset } = useWizardState();
  const [step, setStep] = useState<1 | 2>(1);
  const [leaving, setLeaving] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // The success screen is the step past the last.
  const shown = result ? 3 : step;
  // The step's error summary shows (each step says so, and false as it goes).
  const [failed, setFailed] = useState(false);
  const stepName = result ? t('public.wizard.steps.4') : t(`public-poles.pole.page.steps.${step}`);
  // The headings already say "Passo 1 de 2: Suas informações", as the title does.
  useStepTitle(t('public-poles.pole.page.title', { number: found.pole.number }), stepName, failed);

  // The later steps' chunk, fetched while step 1 is filled in, once the page is drawn and idle.
  const idle = useLoadedAndIdle();
  useEffect(() => {
    if (idle) loadLaterSteps().catch(() => {});
  }, [idle]);

  // The label's pole, its place and company, again over a draft restored from the device: the
  // draft keeps what was typed, but its pole may be another, or this one as it was then
  // (without the request filed since).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again once a draft is restored
  useEffect(() => {
    update({
      pole: found.pole,
      company: String(found.pole.companyId),
      location: {
        ...emptyLocation,
        latitude: found.pole.latitude,
        longitude: found.pole.longitude,
        address: found.address,
        loaded: true,
        confirmed: true,
      },
    });
  }, [found, update, restored]);

  // "Not this pole": the ordinary wizard, once the wizard's data without the pole is stored
  // (its storing effect runs before this one, in the same commit).
  useEffect(() => {
    if (leaving) navigate('/');
  }, [leaving, navigate]);

  // Moving between steps puts focus on the new step's heading, so screen readers follow.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on step changes only
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
    window.scrollTo({ top: 0 });
  }, [step, result]);

  if (!result && data.pole?.id !== found.pole.id) return <Spinner />;

  return (
    <div>
      {/* The label did the location step: two steps, counted as such by the bar and its words. */}
      <WizardProgress step={shown} total={2} />
      <h2 ref={heading} tabIndex={-1} className="mb-4 font-heading text-xl font-semibold outline-none">
        {stepName}
      </h2>
      <Suspense fallback={<Spinner />}>
        {result ? (
          <SuccessScreen
            result={result}
            onNewRequest={() => {
              reset();
              navigate('/');
            }}
          />
        ) : step === 1 ? (
          <ContactStep
            smsOffered={smsOffered}
            whatsappOffered={whatsappOffered}
            onErrors={setFailed}
            defaultValues={data.contact}
            onDraft={(contact) => update({ contact: { ...data.contact, ...contact } })}
            onNext={(contact) => {
              update({ contact: { ...data.contact, ...contact } });
              setStep(2);
            }}
          />
        ) : (
          <PoleFilingStep
            onErrors={setFailed}
            data={data}
            update={update}
            complete={complete}
            onBack={() => setStep(1)}
            onElsewhere={() => {
              update({ pole: null, company: '', location: emptyLocation, step: 2 });
              setLeaving(true);
            }}
          />
        )}
      </Suspense>
    </div>
  );
}
