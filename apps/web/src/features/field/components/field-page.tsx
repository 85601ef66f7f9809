// /campo: the crew's phone app (issue 37, decisions 0068 and 0069). It links its own manifest,
// registers the service worker that keeps it for use without signal, reads the queue kept on
// the phone and sends it on start, when the phone comes back online and on "Sincronizar agora".
import '../lib/field-catalogue.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { installOffline, linkManifest } from '../lib/install-app.ts';
import { isOnline } from '../lib/use-online.ts';
import { createFieldServices, type FieldServices, FieldServicesProvider } from './field-context.tsx';
import { FieldScreen } from './field-screen.tsx';

/** Loads what the page fetches only later, so the service worker is told to keep it too. */
const warmUp = () =>
  Promise.all([
    import('./stops-map.tsx'),
    import('../../../lib/i18n-en.ts'),
    import('../../../components/ui/toaster.tsx'),
  ]);

export default function FieldPage({ services: given }: { services?: FieldServices }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [services] = useState(() => given ?? createFieldServices({ queryClient }));
  usePageTitle(t('field-app.title'));

  useEffect(() => linkManifest(), []);
  useEffect(() => {
    void installOffline(warmUp).catch(() => undefined);
  }, []);

  useEffect(() => {
    const { queue } = services;
    const sync = () => void queue.sync();
    void queue.load().then(() => {
      if (isOnline()) sync();
    });
    window.addEventListener('online', sync);
    return () => window.removeEventListener('online', sync);
  }, [services]);

  return (
    <FieldServicesProvider services={services}>
      <FieldScreen />
    </FieldServicesProvider>
  );
}
