// The side panel of steps 2 and 3: contact, location with reference and problem type, company.
import { useTranslation } from '../../../lib/use-translation.ts';
import type { WizardData } from '../lib/wizard-state.ts';

export function SummaryPanel({ data, companyName }: { data: WizardData; companyName: string | undefined }) {
  const { t } = useTranslation();
  const missing = t('public.summary.notProvided');
  const { contact, location } = data;
  return (
    <aside aria-labelledby="summary-title" className="rounded-theme border border-gray-300 bg-gray-50 p-4 text-sm">
      <h2 id="summary-title" className="mb-3 font-heading text-lg font-semibold">
        {t('public.summary.title')}
      </h2>
      <dl className="grid gap-3">
        <div>
          <dt className="font-medium text-gray-700">{t('public.summary.contact')}</dt>
          <dd>{contact.name || missing}</dd>
          <dd>{contact.phone}</dd>
          {contact.email ? <dd>{contact.email}</dd> : null}
        </div>
        <div>
          <dt className="font-medium text-gray-700">{t('public.summary.location')}</dt>
          <dd className="break-words">{location.address || missing}</dd>
        </div>
        {data.pole ? (
          <div>
            <dt className="font-medium text-gray-700">{t('public.summary.pole')}</dt>
            <dd data-testid="summary-pole">{data.pole.number}</dd>
          </div>
        ) : null}
        <div>
          <dt className="font-medium text-gray-700">{t('public.summary.reference')}</dt>
          <dd className="break-words">{data.reference || missing}</dd>
        </div>
        <div>
          <dt className="font-medium text-gray-700">{t('public.summary.problemType')}</dt>
          <dd>{data.problemType ? t(`common.problemType.${data.problemType}`) : missing}</dd>
        </div>
        <div>
          <dt className="font-medium text-gray-700">{t('public.summary.company')}</dt>
          <dd>{companyName || missing}</dd>
        </div>
      </dl>
    </aside>
  );
}
