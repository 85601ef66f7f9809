// /unsubscribe?token=: the page every e-mail to a citizen links to (decision 0034). It asks for
// a click: mail scanners open links, and must not unsubscribe anyone by doing so.

import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import '../../../lib/followers-catalogue.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useUnsubscribe } from '../api/unsubscribe.ts';

export default function UnsubscribePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const action = useUnsubscribe();
  usePageTitle(t('followers.unsubscribe.title'));

  return (
    <section aria-labelledby="unsubscribe-title" className="grid max-w-xl gap-4">
      <h1 id="unsubscribe-title" className="font-heading text-2xl font-bold">
        {t('followers.unsubscribe.title')}
      </h1>
      {!token ? (
        <p role="alert">{t('followers.unsubscribe.missing')}</p>
      ) : action.isSuccess ? (
        <p role="status" data-testid="unsubscribed" className="font-medium text-green-800">
          {t('followers.unsubscribe.done', { id: action.data.requestId })}
        </p>
      ) : (
        <>
          <p>{t('followers.unsubscribe.intro')}</p>
          {action.isError ? (
            <p role="alert" className="text-red-700">
              {errorMessage(action.error, t('followers.unsubscribe.missing'))}
            </p>
          ) : null}
          <Button className="justify-self-start" disabled={action.isPending} onClick={() => action.mutate(token)}>
            {t('followers.unsubscribe.confirm')}
          </Button>
        </>
      )}
    </section>
  );
}
