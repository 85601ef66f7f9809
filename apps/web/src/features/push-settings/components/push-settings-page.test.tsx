// The browser notice settings (decision 0063): on or off saved, the public key, subject and
// subscribed browsers shown, and the test notice: this browser subscribed and the server asked
// to send it one; a browser without push is told so.
import enAdminSettings from '@acende/shared/i18n/en/admin-settings.json';
import ptAdminSettings from '@acende/shared/i18n/pt/admin-settings.json';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { addCatalogue, setLanguage } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import PushSettingsPage from './push-settings-page.tsx';

const PUBLIC_KEY = `B${'Q'.repeat(86)}`;
const view = {
  enabled: true,
  publicKey: PUBLIC_KEY,
  subject: 'mailto:admin@acende.test',
  keysFrom: 'database',
  subscriptions: 3,
};

beforeAll(async () => {
  addCatalogue('pt', 'admin-settings', ptAdminSettings);
  addCatalogue('en', 'admin-settings', enAdminSettings);
  await setLanguage('pt');
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderPage(handler: (method: string, url: string, body: unknown) => Response) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      return handler(method, url, body);
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PushSettingsPage />
      <Toaster />
    </QueryClientProvider>,
  );
  return calls;
}

describe('PushSettingsPage', () => {
  it('shows the key, subject and subscribed browsers, and saves notices off', async () => {
    const user = userEvent.setup();
    const calls = renderPage((method, _url, body) => json(method === 'GET' ? view : { ...view, ...(body as object) }));
    expect(await screen.findByTestId('push-public-key')).toHaveTextContent(PUBLIC_KEY);
    expect(screen.getByTestId('push-subject')).toHaveTextContent('mailto:admin@acende.test');
    expect(screen.getByTestId('push-subscriptions')).toHaveTextContent('3');
    expect(screen.getByText(/guardadas no banco de dados/)).toBeInTheDocument();
    // No browser push in this test's browser: the test notice says so instead of a button.
    expect(screen.getByText('Este navegador não aceita avisos (Web Push).')).toBeInTheDocument();
    const box = screen.getByLabelText('Oferecer avisos no navegador');
    expect(box).toBeChecked();
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Configurações de avisos no navegador salvas')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/admin/push-settings',
      body: { enabled: false },
    });
  });

  it('subscribes this browser and asks the server to send it a test notice in the chosen language', async () => {
    const user = userEvent.setup();
    const subscription = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/admin',
      options: { applicationServerKey: null },
      toJSON: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/admin', keys: { p256dh: 'p', auth: 'a' } }),
    };
    const pushManager = { getSubscription: vi.fn(async () => null), subscribe: vi.fn(async () => subscription) };
    Object.defineProperty(navigator, 'serviceWorker', {
      value: { register: vi.fn(async () => ({ pushManager })), ready: Promise.resolve({ pushManager }) },
      configurable: true,
    });
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal('Notification', { requestPermission: vi.fn(async () => 'granted') });
    const calls = renderPage((method) =>
      method === 'GET'
        ? json(view)
        : json({ message: 'Aviso de teste enviado: ele deve aparecer neste navegador em instantes' }),
    );
    await user.selectOptions(await screen.findByLabelText('Idioma do aviso de teste'), 'en');
    await user.click(screen.getByRole('button', { name: 'Enviar aviso de teste a este navegador' }));
    expect(await screen.findByText(/^Aviso de teste enviado/)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/admin/push-settings/send-test',
      body: {
        endpoint: 'https://fcm.googleapis.com/fcm/send/admin',
        expirationTime: null,
        keys: { p256dh: 'p', auth: 'a' },
        language: 'en',
      },
    });
  });
});
