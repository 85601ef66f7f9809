// The opt-in to a request's browser notices: shown only when the service offers them, the
// browser can take them and the page has the token; pressing it registers /sw.js, asks for
// permission, subscribes with the server's key and posts the subscription; refused
// permission, a refusal by the API and stopping again, in both languages.
import '../../lib/i18n.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { PushOptIn } from './push-opt-in.tsx';

// A P-256 public key's 65 bytes (0x04 first), as GET /api/push/public-key answers it.
const KEY_BYTES = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i));
const PUBLIC_KEY = btoa(String.fromCharCode(...KEY_BYTES))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '');
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/abc123';
const KEYS = { p256dh: `B${'a'.repeat(86)}`, auth: 'b'.repeat(22) };

type Answer = { status: number; body?: unknown };

function stubBrowser(permission: NotificationPermission) {
  const subscription = {
    endpoint: ENDPOINT,
    options: { applicationServerKey: null },
    toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: KEYS }),
    unsubscribe: vi.fn(async () => true),
  };
  const pushManager = { getSubscription: vi.fn(async () => null), subscribe: vi.fn(async () => subscription) };
  const register = vi.fn(async () => ({ pushManager }));
  Object.defineProperty(navigator, 'serviceWorker', {
    value: { register, ready: Promise.resolve({ pushManager }) },
    configurable: true,
  });
  vi.stubGlobal('PushManager', class {});
  const requestPermission = vi.fn(async () => permission);
  vi.stubGlobal('Notification', { requestPermission });
  return { register, requestPermission, pushManager };
}

function stubApi(enabled: boolean, answers: Answer[] = []) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/push/public-key') {
      return new Response(JSON.stringify({ enabled, publicKey: PUBLIC_KEY }), { status: 200 });
    }
    calls.push({ method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers.shift() ?? { status: 201, body: { message: 'ok' } };
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), { status: answer.status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

const show = (token: string | null = 'tok_abc-123') =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PushOptIn requestId={42} token={token} />
    </QueryClientProvider>,
  );

beforeEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

afterEach(async () => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.unstubAllGlobals();
  await setLanguage('pt');
});

describe('push opt-in', () => {
  it('subscribes this browser with the server’s key and posts the subscription with the page’s language', async () => {
    const browser = stubBrowser('granted');
    const api = stubApi(true);
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'Receber avisos neste aparelho' }));
    expect(await screen.findByText('Você receberá avisos neste aparelho.')).toBeInTheDocument();
    expect(browser.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const [options] = browser.pushManager.subscribe.mock.calls[0] as unknown as [PushSubscriptionOptionsInit];
    expect(options.userVisibleOnly).toBe(true);
    expect([...(options.applicationServerKey as Uint8Array)]).toEqual([...KEY_BYTES]);
    expect(api.calls).toEqual([
      {
        method: 'POST',
        url: '/api/repair-requests/42/push-subscriptions?t=tok_abc-123',
        body: { endpoint: ENDPOINT, expirationTime: null, keys: KEYS, language: 'pt' },
      },
    ]);

    // And stops again: the same endpoint is removed.
    await user.click(screen.getByRole('button', { name: 'Parar os avisos neste aparelho' }));
    expect(await screen.findByText('Este aparelho não receberá mais avisos desta solicitação.')).toBeInTheDocument();
    expect(api.calls[1]).toEqual({
      method: 'DELETE',
      url: '/api/repair-requests/42/push-subscriptions?t=tok_abc-123',
      body: { endpoint: ENDPOINT },
    });
  });

  it('says how to allow notices when the browser refuses, and subscribes nothing', async () => {
    const browser = stubBrowser('denied');
    const api = stubApi(true);
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'Receber avisos neste aparelho' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Os avisos estão bloqueados neste navegador/);
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(api.calls).toEqual([]);
    expect(screen.getByRole('button', { name: 'Tentar de novo' })).toBeEnabled();
  });

  it('shows the API’s refusal in English, and tries again on request', async () => {
    await setLanguage('en');
    stubBrowser('granted');
    const message = 'This request already sends notices to 5 devices. Stop them on one of those to turn them on here.';
    const api = stubApi(true, [{ status: 409, body: { message } }]);
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'Get notices on this device' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(api.calls[0]?.body).toMatchObject({ language: 'en' });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You will get notices on this device.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.calls).toHaveLength(2);
  });

  it('is not shown while the service offers no notices, without the token, or in a browser without push', async () => {
    stubBrowser('granted');
    const api = stubApi(false);
    const { unmount } = show();
    await waitFor(() => expect(api.fetchMock).toHaveBeenCalledWith('/api/push/public-key', expect.anything()));
    expect(screen.queryByTestId('push-opt-in')).toBeNull();
    unmount();

    stubApi(true);
    const noToken = show(null);
    expect(screen.queryByTestId('push-opt-in')).toBeNull();
    noToken.unmount();

    Reflect.deleteProperty(navigator, 'serviceWorker');
    const noPush = stubApi(true);
    show();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('push-opt-in')).toBeNull();
    expect(noPush.fetchMock).not.toHaveBeenCalled();
  });
});
