// A page loaded before its first render is drawn at once, with no fallback; one that is not
// suspends as React.lazy does; a failed load is tried again.
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page.ts';

const Hello = () => <h1>Olá</h1>;

function draw(Page: ReturnType<typeof lazyPage>) {
  return render(
    <Suspense fallback={<p>Carregando...</p>}>
      <Page />
    </Suspense>,
  );
}

describe('lazyPage', () => {
  it('draws a loaded page in the first render, without its fallback', async () => {
    const load = vi.fn(async () => Hello);
    const Page = lazyPage(load);
    await Page.load();
    draw(Page);
    expect(screen.getByRole('heading', { name: 'Olá' })).toBeInTheDocument();
    expect(screen.queryByText('Carregando...')).toBeNull();
    expect(load).toHaveBeenCalledOnce();
  });

  it('suspends on a page not loaded yet, then draws it', async () => {
    const Page = lazyPage(async () => Hello);
    draw(Page);
    expect(screen.getByText('Carregando...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Olá' })).toBeInTheDocument();
  });

  it('loads again after a failure', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Hello);
    const Page = lazyPage(load);
    await expect(Page.load()).rejects.toThrow('offline');
    await act(async () => {
      draw(Page);
    });
    expect(await screen.findByRole('heading', { name: 'Olá' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
