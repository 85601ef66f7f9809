// Under a print-labels action: what is happening, said once to a screen reader (preparing,
// then the file that arrived), and the server's reason in words when the labels failed.

import { errorMessage } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { usePrintPoleLabels } from '../api/print-labels.ts';

export function LabelsOutcome({
  id,
  printer,
  hint,
}: {
  id: string;
  printer: ReturnType<typeof usePrintPoleLabels>;
  /** Said while nothing is happening (why the action is off, what it prints). */
  hint?: string;
}) {
  const { t } = useTranslation();
  const status = printer.isPending
    ? t('admin-poles.poles.labels.preparing')
    : printer.isSuccess
      ? t('admin-poles.poles.labels.ready', { count: printer.data.count, name: printer.data.name })
      : (hint ?? '');
  return (
    <div id={id} className="grid gap-1 text-sm">
      <p role="status" className="text-gray-700">
        {status}
      </p>
      {printer.isError ? (
        <p role="alert" className="font-medium text-red-800">
          {errorMessage(printer.error, t('admin-poles.poles.labels.failed'))}
        </p>
      ) : null}
    </div>
  );
}
