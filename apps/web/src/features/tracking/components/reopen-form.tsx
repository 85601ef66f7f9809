// "Still broken?": a completed request reopened from its tracking link (issue 22), with a
// short note. A lazy chunk of its own, with its texts: only a completed or reopened request's
// page loads it, so the tracking page's first load does not grow (decision 0024).
import { REOPEN_NOTE_MAX, REOPEN_WINDOW_DAYS } from '@acende/shared/constants';
import { type PublicRepairRequest, reopenRepairRequestSchema } from '@acende/shared/schemas/repair-requests';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { SubmitButton } from '../../../components/ui/button.tsx';
import { TextAreaField } from '../../../components/ui/field.tsx';
import { fieldBinder, payloadResolver } from '../../../components/ui/form-binding.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useReopenRepairRequest } from '../api/reopen-repair-request.ts';
import '../lib/reopen-catalogue.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether a completed request may still be reopened (the server decides; this only hides a form it would refuse). */
const reopenable = (closedAt: string | null) =>
  closedAt !== null && Date.now() - Date.parse(closedAt) <= REOPEN_WINDOW_DAYS * DAY_MS;

/** What the tracking page says about reopening: done, the form, or why there is none. */
export default function ReopenSection({ request, token }: { request: PublicRepairRequest; token: string | null }) {
  const { t } = useTranslation();
  if (request.status !== 'completed') {
    return (
      <p role="status" className="rounded-theme border border-blue-300 bg-blue-50 p-3 text-blue-950">
        {t('public-drafts.track.reopen.done')}
      </p>
    );
  }
  if (!reopenable(request.closedAt)) {
    return (
      <p className="text-sm text-gray-700">{t('public-drafts.track.reopen.expired', { days: REOPEN_WINDOW_DAYS })}</p>
    );
  }
  if (!token || request.masked)
    return <p className="text-sm text-gray-700">{t('public-drafts.track.reopen.needsLink')}</p>;
  return <ReopenForm id={request.id} token={token} />;
}

/** Checked with the route's own schema when sent, as before: the error stays until the next try. */
function ReopenForm({ id, token }: { id: number; token: string }) {
  const { t } = useTranslation();
  const reopen = useReopenRepairRequest(token);
  const fieldId = useId();
  const form = useForm<{ note: string }>({
    resolver: payloadResolver(
      reopenRepairRequestSchema,
      ({ note }) => ({ token, note }),
      () => 'note',
    ),
    defaultValues: { note: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const field = fieldBinder(form, fieldId);

  const onSubmit = form.handleSubmit(({ note }) =>
    reopen.mutate(
      { id, note },
      {
        onError: (failure) =>
          form.setError('note', {
            message:
              (failure instanceof ApiError ? failure.fieldErrors?.note : undefined) ??
              errorMessage(failure, t('public.toast.submit.error')),
          }),
      },
    ),
  );

  return (
    <section aria-labelledby="reopen-title" className="grid gap-3 rounded-theme border border-gray-300 p-4">
      <h3 id="reopen-title" className="font-heading font-semibold">
        {t('public-drafts.track.reopen.title')}
      </h3>
      <p className="text-sm text-gray-700">{t('public-drafts.track.reopen.intro', { days: REOPEN_WINDOW_DAYS })}</p>
      <form onSubmit={onSubmit} className="grid gap-3" noValidate>
        <TextAreaField
          label={t('public-drafts.track.reopen.note')}
          required
          rows={3}
          maxLength={REOPEN_NOTE_MAX}
          {...field('note')}
        />
        <SubmitButton
          className="justify-self-start"
          pending={reopen.isPending}
          pendingLabel={t('public-drafts.track.reopen.submitting')}
        >
          {t('public-drafts.track.reopen.submit')}
        </SubmitButton>
      </form>
    </section>
  );
}
