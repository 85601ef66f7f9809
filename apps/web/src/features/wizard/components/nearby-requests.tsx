// Step 2's "already reported near here" (issue 22): the open requests within 50 m of the
// confirmed point or on its pole, each with a way to follow it instead of filing another.
// Loaded with the later steps, never on the first load (decision 0024).
import { followRequestSchema, type NearbyRequest } from '@acende/shared/schemas/followers';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Captcha } from '../../../components/captcha/captcha.tsx';
import { useCaptchaGate } from '../../../components/captcha/use-captcha-gate.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { fieldBinder, payloadResolver } from '../../../components/ui/form-binding.ts';
import { Link } from '../../../components/ui/link.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
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
        {t('followers.nearby.loadError')}
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
        {t('followers.nearby.title')}
      </h2>
      <p className="text-sm">{t('followers.nearby.intro')}</p>
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
                {t('followers.nearby.follow', { id: item.id })}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <p className="text-sm">{t('followers.nearby.fileAnyway')}</p>
    </section>
  );
}

function NearbyItem({ item }: { item: NearbyRequest }) {
  const { t } = useTranslation();
  const days = Math.max(0, Math.floor((Date.now() - Date.parse(item.createdAt)) / DAY));
  return (
    <div className="grid gap-1">
      <p className="font-medium">
        {t('followers.nearby.item', {
          id: item.id,
          problem: t(`common.problemType.${item.problemType}`),
          status: t(`common.status.${item.status}`),
        })}
      </p>
      <p className="text-sm text-gray-800">
        {days === 0 ? t('followers.nearby.today') : t('followers.nearby.age', { count: days })} ·{' '}
        {item.samePole ? t('followers.nearby.samePole') : t('followers.nearby.distance', { distance: item.distance })}
      </p>
    </div>
  );
}

/** Checked with the route's own schema when sent (errors stay until the next try); the server's refusal shows there too. */
function FollowForm({ id, onCancel }: { id: number; onCancel: () => void }) {
  const { t } = useTranslation();
  const follow = useFollowRequest();
  const gate = useCaptchaGate();
  const fieldId = useId();
  const form = useForm<{ email: string }>({
    resolver: payloadResolver(followRequestSchema, (values) => values),
    defaultValues: { email: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const field = fieldBinder(form, `follow-${fieldId}`);

  if (follow.isSuccess) {
    return (
      <div role="status" className="grid gap-1" data-testid="follow-done">
        <p className="font-medium text-green-800">{t('followers.follow.done', { id })}</p>
        <Link to={`/track/${id}`} className="justify-self-start text-blue-800 underline">
          {t('followers.follow.track', { id })}
        </Link>
      </div>
    );
  }
  const submit = form.handleSubmit(({ email }) =>
    gate.whenReady((captchaToken) =>
      follow.mutate(
        { id, input: { email, captchaToken } },
        {
          onError: (error) => {
            const message = error instanceof ApiError ? (error.fieldErrors?.email ?? error.serverMessage) : undefined;
            if (message) form.setError('email', { message });
          },
        },
      ),
    ),
  );
  return (
    <form className="grid gap-2" onSubmit={submit} noValidate aria-label={t('followers.follow.title', { id })}>
      <TextField
        kind="email"
        label={t('followers.follow.email')}
        hint={t('followers.follow.hint')}
        required
        {...field('email')}
      />
      <Captcha {...gate.captcha} resetKey={follow.submittedAt} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={follow.isPending || gate.waiting}>
          {t('followers.follow.submit')}
        </Button>
        <Button type="button" variant="secondary" size="sm" onClick={onCancel}>
          {t('followers.follow.cancel')}
        </Button>
      </div>
    </form>
  );
}
