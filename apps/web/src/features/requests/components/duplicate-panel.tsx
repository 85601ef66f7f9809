// The request's followers and duplicates on its detail (issues 22 and 23): how many citizens
// follow it, the link to its original or its duplicates, and for operators marking it as a
// duplicate (by number, or from the open requests within 100 m or on its pole) and undoing it.
import type { AdminRequestDetail } from '@acende/shared/schemas/admin-requests';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
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
        {t('duplicates.title')}
      </h2>
      <p data-testid="follower-count">{t('duplicates.followers', { count: request.followerCount ?? 0 })}</p>
      {request.duplicateOfId ? (
        <div className="mt-2 grid justify-items-start gap-2">
          <p className="font-medium" data-testid="duplicate-of">
            {t('duplicates.isDuplicateOf', { id: request.duplicateOfId })}
          </p>
          <Link to={`/admin/requests/${request.duplicateOfId}`} className="text-blue-800 underline">
            {t('duplicates.openOriginal', { id: request.duplicateOfId })}
          </Link>
          {canUpdate ? (
            <Button
              variant="secondary"
              disabled={undo.isPending}
              onClick={() =>
                undo.mutate(
                  { updatedAt: request.updatedAt },
                  {
                    onSuccess: () => toast({ title: t('duplicates.undone'), variant: 'success' }),
                    onError: (error) =>
                      toast({ title: errorMessage(error, t('settings.saveError')), variant: 'destructive' }),
                  },
                )
              }
            >
              {t('duplicates.undo')}
            </Button>
          ) : null}
        </div>
      ) : duplicates.length > 0 ? (
        <p className="mt-2">{t('duplicates.hasDuplicates', { ids: duplicates.join(', ') })}</p>
      ) : canUpdate ? (
        marking ? (
          <MarkForm request={request} onDone={() => setMarking(false)} />
        ) : (
          <Button variant="secondary" className="mt-2" onClick={() => setMarking(true)}>
            {t('duplicates.mark')}
          </Button>
        )
      ) : null}
    </section>
  );
}

function MarkForm({ request, onDone }: { request: AdminRequestDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const [original, setOriginal] = useState('');
  const candidates = useDuplicateCandidates(request.id, true);
  const mark = useMarkDuplicate(request.id);
  const listId = useId();
  const error =
    mark.error instanceof ApiError ? (mark.error.fieldErrors?.originalId ?? mark.error.serverMessage) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const originalId = Number(original.trim());
    mark.mutate(
      { originalId: Number.isInteger(originalId) ? originalId : 0, updatedAt: request.updatedAt },
      {
        onSuccess: () => {
          toast({ title: t('duplicates.marked', { id: originalId }), variant: 'success' });
          onDone();
        },
      },
    );
  };
  const items = candidates.data?.items ?? [];
  return (
    <form className="mt-2 grid gap-3" onSubmit={submit} noValidate>
      <TextField
        id="duplicate-original"
        label={t('duplicates.original')}
        inputMode="numeric"
        required
        value={original}
        error={error}
        onChange={(event) => setOriginal(event.target.value)}
      />
      <div className="grid gap-1">
        <p id={listId} className="text-sm font-medium text-gray-800">
          {t('duplicates.suggestions')}
        </p>
        {candidates.isSuccess && items.length === 0 ? <p className="text-sm">{t('duplicates.noSuggestions')}</p> : null}
        <ul aria-labelledby={listId} className="grid gap-1">
          {items.map((item) => (
            <li key={item.id}>
              <Button
                type="button"
                variant="secondary"
                size="sm"
                aria-pressed={original === String(item.id)}
                onClick={() => setOriginal(String(item.id))}
              >
                {t('duplicates.suggestion', {
                  id: item.id,
                  problem: t(`problemType.${item.problemType}`),
                  status: t(`status.${item.status}`),
                  distance: item.distance,
                })}
              </Button>
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={mark.isPending}>
          {t('duplicates.confirm')}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          {t('follow.cancel')}
        </Button>
      </div>
    </form>
  );
}
