import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './api-client.ts';

const answer = (status: number, body: string) => new Response(body, { status });

describe('apiRequest', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends JSON as JSON and a Blob (a photo) as it is, with its own type', async () => {
    const fetch = vi.fn(async () => answer(200, '{"id":1}'));
    vi.stubGlobal('fetch', fetch);
    await apiRequest('POST', '/api/a', { name: 'x' });
    const photo = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' });
    expect(await apiRequest('POST', '/api/b', photo)).toEqual({ id: 1 });
    const [json, binary] = fetch.mock.calls as unknown as [[string, RequestInit], [string, RequestInit]];
    expect(json[1].body).toBe('{"name":"x"}');
    expect((json[1].headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(binary[1].body).toBe(photo);
    expect((binary[1].headers as Record<string, string>)['Content-Type']).toBe('image/jpeg');
    expect(binary[1].credentials).toBe('include');
  });

  it('turns a refusal into an ApiError with the body message', async () => {
    vi.stubGlobal('fetch', async () => answer(413, '{"message":"Foto grande demais"}'));
    const refusal = apiRequest('POST', '/api/b', new Blob(['x'])).catch((error: unknown) => error);
    const error = (await refusal) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(413);
    expect(error.serverMessage).toBe('Foto grande demais');
  });
});
