// The wizard's error summary (the kit's, GOV.UK's pattern) with its words: each step shows it
// at its top once Next or Submit was refused. Step 1 loads it with the later steps' chunk.

import { ErrorSummary, type ErrorSummaryProps } from '../../../components/ui/error-summary.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import '../lib/wizard-catalogue.ts';

export function StepErrors(props: Omit<ErrorSummaryProps, 'title'>) {
  const { t } = useTranslation();
  return <ErrorSummary title={t('public-wizard.errorSummary.title')} {...props} />;
}
