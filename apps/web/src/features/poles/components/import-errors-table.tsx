// The rows of a poles file that cannot be imported: line (CSV) or feature (GeoJSON), the
// column as the file names it, and what is wrong, in the reader's language.
import type { PoleImportPreview } from '@acende/shared/schemas/poles-import';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';

export function ImportErrorsTable({ preview }: { preview: Pick<PoleImportPreview, 'format' | 'errors'> }) {
  const { t } = useTranslation();
  const rowLabel = preview.format === 'csv' ? t('admin-poles.poles.import.row') : t('admin-poles.poles.import.feature');
  return (
    <Table label={t('admin-poles.poles.import.errorsTitle', { count: preview.errors.length })}>
      <TableHeader>
        <TableRow>
          <TableHead className="w-24">{rowLabel}</TableHead>
          <TableHead className="w-40">{t('admin-poles.poles.import.field')}</TableHead>
          <TableHead>{t('admin-poles.poles.import.message')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {preview.errors.map((error, index) => (
          // Two errors may share a row and a field; their place in the list tells them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered
          <TableRow key={index}>
            <TableCell label={rowLabel}>{error.row}</TableCell>
            <TableCell label={t('admin-poles.poles.import.field')}>
              {error.field === '_row' ? '—' : error.field}
            </TableCell>
            <TableCell label={t('admin-poles.poles.import.message')}>{error.message}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
