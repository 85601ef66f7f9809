// The preview's "Adjustments made": each value the import will store otherwise than the file
// writes it (`x 9` as `X-9`), with its line or feature, its column, both values and why (issue 38).
import type { PoleImportPreview } from '@acende/shared/schemas/poles-import';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';

type AdjustmentsPreview = Pick<PoleImportPreview, 'format' | 'errorCount' | 'adjustmentCount' | 'adjustments'>;

/** A value between quotes, spaces kept, so one removed at either end can be seen. */
function Value({ text }: { text: string }) {
  const { t } = useTranslation();
  if (text === '') return <span className="text-gray-700">{t('admin-poles.poles.import.emptyValue')}</span>;
  return <code className="whitespace-pre-wrap wrap-anywhere">“{text}”</code>;
}

export function ImportAdjustments({ preview, number }: { preview: AdjustmentsPreview; number: (n: number) => string }) {
  const { t } = useTranslation();
  if (preview.adjustmentCount === 0) {
    // Said only of a file that can be imported: rows with errors are not looked at for adjustments.
    return preview.errorCount === 0 ? <p>{t('admin-poles.poles.import.noAdjustments')}</p> : null;
  }
  const title = t('admin-poles.poles.import.adjustmentsTitle', { total: number(preview.adjustmentCount) });
  const rowLabel = preview.format === 'csv' ? t('admin-poles.poles.import.row') : t('admin-poles.poles.import.feature');
  return (
    // A plain block under its heading: the table's scroll region is the one landmark of this name.
    <div className="grid gap-2">
      <h3 className="font-heading text-lg font-bold">{title}</h3>
      <p>{t('admin-poles.poles.import.adjustmentsIntro')}</p>
      {preview.adjustmentCount > preview.adjustments.length ? (
        <p>
          {t('admin-poles.poles.import.adjustmentsShown', {
            shown: number(preview.adjustments.length),
            count: number(preview.adjustmentCount),
          })}
        </p>
      ) : null}
      <Table label={title}>
        <TableHeader>
          <TableRow>
            <TableHead className="w-20">{rowLabel}</TableHead>
            <TableHead className="w-28">{t('admin-poles.poles.import.field')}</TableHead>
            <TableHead>{t('admin-poles.poles.import.given')}</TableHead>
            <TableHead>{t('admin-poles.poles.import.stored')}</TableHead>
            <TableHead>{t('admin-poles.poles.import.reason')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {preview.adjustments.map((adjustment) => (
            // A row's field is adjusted once, so the pair names the entry.
            <TableRow key={`${adjustment.row}:${adjustment.field}`}>
              <TableCell label={rowLabel}>{adjustment.row}</TableCell>
              <TableCell label={t('admin-poles.poles.import.field')}>{adjustment.field}</TableCell>
              <TableCell label={t('admin-poles.poles.import.given')}>
                <Value text={adjustment.given} />
              </TableCell>
              <TableCell label={t('admin-poles.poles.import.stored')}>
                <Value text={adjustment.stored} />
              </TableCell>
              <TableCell label={t('admin-poles.poles.import.reason')}>{adjustment.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
