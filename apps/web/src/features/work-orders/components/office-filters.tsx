// What the dispatch board and the crew report share: the company picker (shown when the
// account may see more than one company) and the times of day in the service's time zone.
import { SERVICE_TIME_ZONE } from '@acende/shared/time-zone';
import { SelectField } from '../../../components/ui/field.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useCrewCompanies } from '../api/get-crew-companies.ts';

export function CompanyFilter({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (companyId: string) => void;
}) {
  const { t } = useTranslation();
  const companies = useCrewCompanies().data ?? [];
  if (companies.length < 2) return null;
  return (
    <SelectField
      id={id}
      compact
      className="min-w-[12rem]"
      label={t('admin-work.board.company')}
      empty={t('admin-work.board.companyAll')}
      choices={companies.map((c) => ({ value: String(c.id), label: c.name }))}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** An instant's hour and minute in the service's time zone ("08:05"). */
export function timeOfDay(iso: string, language: string): string {
  let format = timeFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'pt-BR', {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: SERVICE_TIME_ZONE,
    });
    timeFormats.set(language, format);
  }
  return format.format(new Date(iso));
}
