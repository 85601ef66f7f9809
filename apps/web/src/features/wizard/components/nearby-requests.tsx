// Step 2's "already reported near here" (issue 22): the open requests within 50 m of the
// confirmed point or on its pole, each with a way to follow it instead of filing another.
// Loaded with the later steps, never on the first load (decision 0024).
import type { NearbyRequest } from '@acende/shared/schemas/followers';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Captcha } from '../../../components/captcha/captcha.tsx';
import { useCaptchaGate } from '../../../components/captcha/use-captcha-gate.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import '../../../lib/followers-catalogue.ts';
import { useFollowRequest } from '../api/follow-request.ts';
import { useNearbyRequests } from '../api/nearby-requests.ts';

const DAY = 86_400_000;

export function NearbyRequests({ lat, lng, poleId }: { lat: number; lng: number; poleId: number | null }) {
  const { t } = useTranslation();
  const nearby = useNearbyRequests(lat, lng, poleId);
  const titleId = useId();
  const [following, setFollowing] = useState<number | null>(null);

  if (nearby.isError) {
    return (
      <p role="status" className="text-sm text-gray-700">
        {t('nearby.loadError')}
      </p>
    );
  }
  const items = nearby.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section
      aria-labelledby={titleId}
      data-testid="nearby-requests"
      className="grid gap-3 rounded-theme border border-amber-700 bg-amber-50 p-3 text-amber-950"
    >
      <h2 id={titleId} className="font-semibold">
        {t('nearby.title')}
      </h2>
      <p className="text-sm">{t('nearby.intro')}</p>
      <ul className="grid gap-3">
        {items.map((item) => (
          <li key={item.id} className="grid gap-2 rounded-theme border border-amber-300 bg-white p-3">
            <NearbyItem item={item} />
            {following === item.id ? (
              <FollowForm id={item.id} onCancel={() => setFollowing(null)} />
            ) : (
              <Button
                variant="secondary"
                size="sm"
                className="justify-self-start"
                onClick={() => setFollowing(item.id)}
              >
                {t('nearby.follow', { id: item.id })}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <p className="text-sm">{t('nearby.fileAnyway')}</p>
    </section>
  );
}

function NearbyItem({ item }: { item: NearbyRequest }) {
  const { t } = useTranslation();
  const days = Math.max(0, Math.floor((Date.now() - Date.parse(item.createdAt)) / DAY));
  return (
    <div className="grid gap-1">
      <p className="font-medium">
        {t('nearby.item', {
          id: item.id,
          problem: t(`problemType.${item.problemType}`),
          status: t(`status.${item.status}`),
        })}
      </p>
      <p className="text-sm text-gray-800">
        {days === 0 ? t('nearby.today') : t('nearby.age', { count: days })} ·{' '}
        {item.samePole ? t('nearby.samePole') : t('nearby.distance', { distance: item.distance })}
      </p>
    </div>
  );
}

function FollowForm({ id, onCancel }: { id: number; onCancel: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const follow = useFollowRequest();
  const gate = useCaptchaGate();
  const fieldId = useId();

  if (follow.isSuccess) {
    return (
      <div role="status" className="grid gap-1" data-testid="follow-done">
        <p className="font-medium text-green-800">{t('follow.done', { id })}</p>
        <Link to={`/track/${id}`} className="justify-self-start text-blue-800 underline">
          {t('follow.track', { id })}
        </Link>
      </div>
    );
  }
  const error =
    follow.error instanceof ApiError ? (follow.error.fieldErrors?.email ?? follow.error.serverMessage) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    gate.whenReady((captchaToken) => follow.mutate({ id, input: { email, captchaToken } }));
  };
  return (
    <form className="grid gap-2" onSubmit={submit} noValidate aria-label={t('follow.title', { id })}>
      <TextField
        id={`follow-email-${fieldId}`}
        kind="email"
        label={t('follow.email')}
        hint={t('follow.hint')}
        required
        value={email}
        error={error}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Captcha {...gate.captcha} resetKey={follow.submittedAt} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={follow.isPending || gate.waiting}>
          {t('follow.submit')}
        </Button>
        <Button type="button" variant="secondary" size="sm" onClick={onCancel}>
          {t('follow.cancel')}
        </Button>
      </div>
    </form>
  );
}
