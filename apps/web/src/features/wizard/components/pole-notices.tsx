// What the wizard says about a chosen pole: the pole itself (number, company, a way to drop
// it) and, when the pole already has a request open, a warning with its tracking page
// before the citizen files another (issue 21; issue 22 grows it into "follow").
import type { PoleLookup } from '@acende/shared/schemas/poles';
import type { Ref } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import '../lib/pole-catalogue.ts';

export function OpenRequestWarning({ pole, id }: { pole: PoleLookup | null; id?: string }) {
  const { t } = useTranslation();
  if (!pole?.openRequestId) return null;
  return (
    <div
      id={id}
      data-testid="pole-open-request"
      className="grid gap-1 rounded-theme border border-amber-700 bg-amber-50 p-3 text-amber-950"
    >
      <p className="font-semibold">{t('public-poles.pole.openRequest.title')}</p>
      <p>{t('public-poles.pole.openRequest.body', { id: pole.openRequestId, number: pole.number })}</p>
      <Link to={`/track/${pole.openRequestId}`} className="justify-self-start text-blue-800 underline">
        {t('public-poles.pole.openRequest.link', { id: pole.openRequestId })}
      </Link>
    </div>
  );
}

/** The chosen pole, focusable so a keyboard choice can move focus to it. */
export function SelectedPole({
  pole,
  onRemove,
  ref,
}: {
  pole: PoleLookup;
  onRemove?: () => void;
  ref?: Ref<HTMLDivElement>;
}) {
  const { t } = useTranslation();
  return (
    <div
      ref={ref}
      tabIndex={-1}
      data-testid="selected-pole"
      className="grid gap-2 rounded-theme border border-blue-800 bg-blue-50 p-3 focus-visible:outline-3 focus-visible:outline-blue-700"
    >
      <p className="text-sm font-medium text-gray-700">{t('public-poles.pole.selected.title')}</p>
      <p className="font-semibold">
        {t('public-poles.pole.summary', { number: pole.number })} · {pole.companyName}
      </p>
      {pole.street ? <p className="text-sm">{pole.street}</p> : null}
      {onRemove ? (
        <Button variant="secondary" size="sm" className="justify-self-start" onClick={onRemove}>
          {t('public-poles.pole.selected.remove')}
        </Button>
      ) : null}
    </div>
  );
}
