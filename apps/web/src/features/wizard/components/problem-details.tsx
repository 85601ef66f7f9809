// Step 2's words about the problem: a reference to find the spot and the problem's type.
import { PROBLEM_TYPES, type ProblemType } from '@acende/shared/enums';
import { SelectField, TextAreaField } from '../../../components/ui/field.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';

/** The problem type's id, for the error summary's link. */
export const PROBLEM_TYPE_ID = 'location-problem-type';

export function ProblemDetails(props: {
  reference: string;
  problemType: ProblemType | '';
  onReference: (value: string) => void;
  onProblemType: (value: ProblemType | '') => void;
  /** Next was refused without a problem type (in words). */
  problemError?: string;
}) {
  const { reference, problemType, onReference, onProblemType, problemError } = props;
  const { t } = useTranslation();
  return (
    <>
      <TextAreaField
        id="location-reference"
        label={t('public.location.reference')}
        optional
        rows={2}
        maxLength={500}
        placeholder={t('public.location.referencePlaceholder')}
        value={reference}
        onChange={(event) => onReference(event.target.value)}
      />

      <SelectField
        id={PROBLEM_TYPE_ID}
        label={t('public.location.problemType')}
        required
        error={problemError}
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
