// Step 2's words about the problem: a reference to find the spot and the problem's type.
import { PROBLEM_TYPES, type ProblemType } from '@acende/shared/enums';
import { SelectField, TextAreaField } from '../../../components/ui/field.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';

export function ProblemDetails(props: {
  reference: string;
  problemType: ProblemType | '';
  onReference: (value: string) => void;
  onProblemType: (value: ProblemType | '') => void;
}) {
  const { reference, problemType, onReference, onProblemType } = props;
  const { t } = useTranslation();
  return (
    <>
      <TextAreaField
        id="location-reference"
        label={t('public.location.reference')}
        rows={2}
        maxLength={500}
        placeholder={t('public.location.referencePlaceholder')}
        value={reference}
        onChange={(event) => onReference(event.target.value)}
      />

      <SelectField
        id="location-problem-type"
        label={t('public.location.problemType')}
        required
        value={problemType}
        onChange={(event) => onProblemType(event.target.value as ProblemType | '')}
      >
        <option value="">{t('public.location.problemTypePlaceholder')}</option>
        {PROBLEM_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`common.problemType.${type}`)}
          </option>
        ))}
      </SelectField>
    </>
  );
}
