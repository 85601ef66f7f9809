import { wizardProgress } from '@acende/shared/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactStep, type ContactValues } from './contact-step.tsx';

export function WizardPage() {
  const { t } = useTranslation();
  const [step] = useState(1);
  const [contact, setContact] = useState<ContactValues>({ name: '', email: '', phone: '' });
  const percent = wizardProgress(step);
  useEffect(() => {
    document.title = `${t('wizard.title')} · ${t('app.title')}`;
  }, [t]);

  return (
    <section aria-labelledby="wizard-title" className="mx-auto max-w-xl">
      <h1 id="wizard-title" className="mb-4 font-heading text-2xl font-bold">
        {t('wizard.title')}
      </h1>
      <div className="mb-6">
        <p className="mb-2 font-medium">{t(`wizard.steps.${step}`)}</p>
        <div
          role="progressbar"
          aria-label={t('wizard.progress', { percent })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 w-full overflow-hidden rounded-full bg-gray-200"
        >
          <div className="h-full bg-primary-strong transition-all" style={{ width: `${percent}%` }} />
        </div>
      </div>
      <ContactStep defaultValues={contact} onNext={setContact} />
    </section>
  );
}
