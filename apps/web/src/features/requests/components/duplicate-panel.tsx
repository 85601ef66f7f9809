// The request's followers and duplicates on its detail (issues 22 and 23): how many citizens
// follow it, the link to its original or its duplicates, and for operators marking it as a
// duplicate (by number, or from the open requests within 100 m or on its pole) and undoing it.
import type { AdminRequestDetail } from '@acende/shared/schemas/admin-requests';
import { markDuplicateSchema } from '@acende/shared/schemas/followers';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { fieldBinder, payloadResolver } from '../../../components/ui/form-binding.ts';
import { Link } from '../../../components/ui/link.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import '../../../lib/followers-catalogue.ts';
import { useDuplicateCandidates, useMarkDuplicate, useUndoDuplicate } from '../api/duplicates.ts';

export function DuplicatePanel({ request, canUpdate }: { request: AdminRequestDetail; canUpdate: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [marking, setMarking] = useState(false);
  const undo = useUndoDuplicate(request.id);
  const duplicates = request.duplicateIds ?? [];

  return (
    <section
      aria-labelledby={titleId}
      className="rounded-theme border border-gray-200 p-4"
      data-testid="duplicate-panel"
    >
      <h2 id={titleId} className="mb-2 font-heading text-xl font-semibold">
        {t('followers.duplicates.title')}
      </h2>
      <p data-testid="follower-count">{t('followers.duplicates.followers', { count: request.followerCount ?? 0 })}</p>
      {request.duplicateOfId ? (
        <div className="mt-2 grid justify-items-start gap-2">
          <p className="font-medium" data-testid="duplicate-of">
            {t('followers.duplicates.isDuplicateOf', { id: request.duplicateOfId })}
          </p>
          <Link to={`/admin/requests/${request.duplicateOfId}`} className="text-blue-800 underline">
            {t('followers.duplicates.openOriginal', { id: request.duplicateOfId })}
          </Link>
          {canUpdate ? (
            <Button
              variant="secondary"
              disabled={undo.isPending}
              onClick={() =>
                undo.mutate(
                  { updatedAt: request.updatedAt },
                  {
                    onSuccess: () => toast({ title: t('followers.duplicates.undone'), variant: 'success' }),
                    onError: (error) =>
                      toast({
                        title: errorMessage(error, t('admin-settings.settings.saveError')),
                        variant: 'destructive',
                      }),
                  },
                )
              }
            >
              {t('followers.duplicates.undo')}
            </Button>
          ) : null}
        </div>
      ) : duplicates.length > 0 ? (
        <p className="mt-2">{t('followers.duplicates.hasDuplicates', { ids: duplicates.join(', ') })}</p>
      ) : canUpdate ? (
        marking ? (
          <MarkForm request={request} onDone={() => setMarking(false)} />
        ) : (
          <Button variant="secondary" className="mt-2" onClick={() => setMarking(true)}>
            {t('followers.duplicates.mark')}
          </Button>
        )
      ) : null}
    </section>
  );
}

interface MarkValues {
  /** The original's number, as typed or chosen from the suggestions. */
  originalId: string;
}

/** Checked with the route's schema when sent; the server's refusal (its own number, say) shows under the field. */
function MarkForm({ request, onDone }: { request: AdminRequestDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const candidates = useDuplicateCandidates(request.id, true);
  const mark = useMarkDuplicate(request.id);
  const listId = useId();
  const toBody = (values: MarkValues) => {
    const originalId = Number(values.originalId.trim());
    return { originalId: Number.isInteger(originalId) ? originalId : 0, updatedAt: request.updatedAt };
  };
  const form = useForm<MarkValues>({
    resolver: payloadResolver(markDuplicateSchema, toBody, () => 'originalId'),
    defaultValues: { originalId: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const field = fieldBinder(form, 'duplicate');
  const original = form.watch('originalId');

  const submit = form.handleSubmit((values) => {
    const body = toBody(values);
    mark.mutate(body, {
      onSuccess: () => {
        toast({ title: t('followers.duplicates.marked', { id: body.originalId }), variant: 'success' });
        onDone();
      },
      onError: (error) => {
        const message = error instanceof ApiError ? (error.fieldErrors?.originalId ?? error.serverMessage) : undefined;
        if (message) form.setError('originalId', { message });
      },
    });
  });
  const items = candidates.data?.items ?? [];
  return (
    <form className="mt-2 grid gap-3" onSubmit={submit} noValidate>
      <TextField
        label={t('followers.duplicates.original')}
        inputMode="numeric"
        required
        {...field('originalId')}
        id="duplicate-original"
      />
      <div className="grid gap-1">
        <p id={listId} className="text-sm font-medium text-gray-800">
          {t('followers.duplicates.suggestions')}
        </p>
        {candidates.isSuccess && items.length === 0 ? (
          <p className="text-sm">{t('followers.duplicates.noSuggestions')}</p>
        ) : null}
        <ul aria-labelledby={listId} className="grid gap-1">
          {items.map((item) => (
            <li key={item.id}>
              <Button
                type="button"
                variant="secondary"
                size="sm"
                aria-pressed={original === String(item.id)}
                onClick={() => form.setValue('originalId', String(item.id))}
              >
                {t('followers.duplicates.suggestion', {
                  id: item.id,
                  problem: t(`common.problemType.${item.problemType}`),
                  status: t(`common.status.${item.status}`),
                  distance: item.distance,
                })}
              </Button>
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={mark.isPending}>
          {t('followers.duplicates.confirm')}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          {t('followers.follow.cancel')}
        </Button>
      </div>
    </form>
  );
}
