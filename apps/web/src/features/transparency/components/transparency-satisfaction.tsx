// Citizens' satisfaction on /transparencia (issue 35, decision 0050): each company's ratings in
// the window and their mean, shown only from the minimum count (the ranking's kind of rule). A
// lazy chunk with its own texts (satisfaction.json), as the page's first load is at its budget.
import enSatisfaction from '@acende/shared/i18n/en/satisfaction.json';
import ptSatisfaction from '@acende/shared/i18n/pt/satisfaction.json';
import type { Transparency } from '@acende/shared/schemas/transparency';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { addCatalogue, currentLanguage } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

addCatalogue('pt', 'satisfaction', ptSatisfaction);
addCatalogue('en', 'satisfaction', enSatisfaction);

export default function TransparencySatisfaction({ data }: { data: Transparency }) {
  const { t } = useTranslation();
  const mean = new Intl.NumberFormat(currentLanguage() === 'en' ? 'en-US' : 'pt-BR', {
    minimumFractionDigits: 1,
    maximumFractionDigits: 2,
  });
  const label = t('satisfaction.satisfaction.caption');
  return (
    <section className="grid gap-3" aria-labelledby="transparency-satisfaction">
      <h2 id="transparency-satisfaction" className="font-heading text-xl font-semibold">
        {t('satisfaction.satisfaction.title')}
      </h2>
      <p className="text-gray-700">{t('satisfaction.satisfaction.rule', { min: data.satisfactionMinRatings })}</p>
      <Table label={label} data-testid="transparency-satisfaction">
        <caption className="sr-only">{label}</caption>
        <TableHeader>
          <TableRow>
            <TableHead>{t('satisfaction.satisfaction.company')}</TableHead>
            <TableHead className="text-right">{t('satisfaction.satisfaction.ratings')}</TableHead>
            <TableHead className="text-right">{t('satisfaction.satisfaction.average')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {data.companies.map((company) => (
            <TableRow key={company.companyId}>
              <TableHead scope="row" className="max-sm:px-0 max-sm:py-0.5">
                {company.companyName}
              </TableHead>
              <TableCell label={t('satisfaction.satisfaction.ratings')} className="text-right tabular-nums">
                {company.ratings}
              </TableCell>
              <TableCell label={t('satisfaction.satisfaction.average')} className="text-right tabular-nums">
                {company.averageScore === null
                  ? t('satisfaction.satisfaction.hidden')
                  : mean.format(company.averageScore)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <p className="text-sm text-gray-700">{t('satisfaction.satisfaction.definition')}</p>
    </section>
  );
}
