// "Still broken?": a completed request reopened from its tracking link (issue 22), with a
// short note. A lazy chunk of its own: only a completed request's page with the link loads it.
import { REOPEN_NOTE_MAX, REOPEN_WINDOW_DAYS } from '@acende/shared/constants';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/ui/button.tsx';
import { TextAreaField } from '../../../components/ui/field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useReopenRepairRequest } from '../api/reopen-repair-request.ts';

export default function ReopenForm({ id, token }: { id: number; token: string }) {
  const { t } = useTranslation();
  const reopen = useReopenRepairRequest(token);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const fieldId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) {
      setError('validation.reopenNote.required');
      return;
    }
    setError(undefined);
    reopen.mutate(
      { id, note },
      {
        onError: (failure) =>
          setError(
            (failure instanceof ApiError ? failure.fieldErrors?.note : undefined) ??
              errorMessage(failure, t('toast.submit.error')),
          ),
      },
    );
  };

  return (
    <section aria-labelledby="reopen-title" className="grid gap-3 rounded-theme border border-gray-300 p-4">
      <h3 id="reopen-title" className="font-heading font-semibold">
        {t('track.reopen.title')}
      </h3>
      <p className="text-sm text-gray-700">{t('track.reopen.intro', { days: REOPEN_WINDOW_DAYS })}</p>
      <form onSubmit={onSubmit} className="grid gap-3" noValidate>
        <TextAreaField
          id={fieldId}
          label={t('track.reopen.note')}
          required
          rows={3}
          maxLength={REOPEN_NOTE_MAX}
          value={note}
          error={error}
          onChange={(event) => setNote(event.target.value)}
        />
        <SubmitButton
          className="justify-self-start"
          pending={reopen.isPending}
          pendingLabel={t('track.reopen.submitting')}
        >
          {t('track.reopen.submit')}
        </SubmitButton>
      </form>
    </section>
  );
}
