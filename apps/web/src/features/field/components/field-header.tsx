// The field app's header: whether the phone has signal and how many actions wait for it
// (both read on screen, as a crew and a test see them), "Sincronizar agora", the language
// and signing out (asked first when actions would be lost with it).
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LanguageToggle } from '../../../components/language-toggle.tsx';
import { ConfirmDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { cn } from '../../../lib/cn.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { fieldKeys } from '../api/query-keys.ts';
import { useSignOut } from '../api/sign-out.ts';
import { pendingCount } from '../lib/queue.ts';
import { useOnline } from '../lib/use-online.ts';
import { useFieldServices, useQueueSnapshot } from './field-context.tsx';

function SyncProblem({ problem }: { problem: 'signIn' | 'failed' | null }) {
  const { t } = useTranslation();
  if (problem === 'signIn') {
    return (
      <p role="alert" className="border-t-2 border-red-800 bg-red-50 p-2 text-red-950">
        {t('field-app.header.signIn')}{' '}
        <Link to="/admin/login" state={{ from: '/campo' }} className="font-semibold underline">
          {t('field-app.header.signInLink')}
        </Link>
      </p>
    );
  }
  if (problem === 'failed') {
    return <p className="border-t-2 border-amber-700 bg-amber-50 p-2">{t('field-app.header.syncFailed')}</p>;
  }
  return null;
}

function SignOut({ unsent }: { unsent: number }) {
  const { t } = useTranslation();
  const { store } = useFieldServices();
  const signOut = useSignOut(store);
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const leave = () =>
    signOut.mutate(undefined, {
      onSuccess: () => navigate('/admin/login', { replace: true }),
      onError: () => toast({ title: t('field-app.header.signOutFailed'), variant: 'destructive' }),
    });
  return (
    <>
      <Button variant="secondary" disabled={signOut.isPending} onClick={() => (unsent > 0 ? setAsking(true) : leave())}>
        {t('field-app.header.signOut')}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('field-app.header.signOutTitle')}
        description={t('field-app.header.signOutPending', { count: unsent })}
        confirmLabel={t('field-app.header.signOutConfirm')}
        cancelLabel={t('field-app.header.stay')}
        onConfirm={() => {
          setAsking(false);
          leave();
        }}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}

export function FieldHeader() {
  const { t } = useTranslation();
  const online = useOnline();
  const { queue } = useFieldServices();
  const snapshot = useQueueSnapshot();
  const queryClient = useQueryClient();
  const waiting = pendingCount(snapshot.queue);
  const syncNow = async () => {
    await queue.sync();
    await queryClient.invalidateQueries({ queryKey: fieldKeys.days() });
  };
  return (
    <header className="sticky top-0 z-20 border-b-2 border-gray-900 bg-white">
      <div className="mx-auto flex max-w-xl flex-wrap items-center gap-2 p-2">
        <h1 className="mr-auto font-heading text-xl font-bold">{t('field-app.title')}</h1>
        <LanguageToggle />
        <SignOut unsent={snapshot.queue.length} />
      </div>
      <div className="mx-auto flex max-w-xl flex-wrap items-center gap-2 px-2 pb-2">
        <p
          role="status"
          data-testid="connection"
          className={cn(
            'rounded-theme border-2 px-2 py-1 font-semibold',
            online ? 'border-green-800 bg-green-50 text-green-950' : 'border-gray-900 bg-gray-900 text-white',
          )}
        >
          <span aria-hidden="true">{online ? '● ' : '○ '}</span>
          {online ? t('field-app.header.online') : t('field-app.header.offline')}
        </p>
        <p
          role="status"
          data-testid="pending"
          className={cn(
            'rounded-theme border-2 px-2 py-1 font-semibold',
            waiting > 0 ? 'border-amber-700 bg-amber-100 text-amber-950' : 'border-gray-400 text-gray-900',
          )}
        >
          {waiting > 0 ? t('field-app.header.pending', { count: waiting }) : t('field-app.header.allSent')}
        </p>
        <Button className="ml-auto min-h-12" disabled={snapshot.syncing} onClick={() => void syncNow()}>
          {snapshot.syncing ? t('field-app.header.syncing') : t('field-app.header.syncNow')}
        </Button>
      </div>
      <SyncProblem problem={snapshot.problem} />
    </header>
  );
}
