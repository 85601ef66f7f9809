import '../../lib/i18n.ts';
import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createQueryClient } from '../../lib/query-client.ts';
import { SaveStatus } from './save-status.tsx';
import { useSettingsForm } from './settings-form.ts';

const schema = z.object({ days: z.number() });

/** A settings screen: its Save is disabled while the request runs, as every admin Save is. */
function SettingsScreen() {
  const save = useMutation({ mutationFn: async (values: { days: number }) => values });
  const { onSubmit } = useSettingsForm({
    schema,
    initial: { days: 30 },
    save,
    savedTitle: 'Configurações salvas',
    errorTitle: 'Erro',
  });
  return (
    <form onSubmit={onSubmit}>
      <button type="submit" disabled={save.isPending}>
        Salvar
      </button>
    </form>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/admin/*',
        element: (
          <>
            <SaveStatus />
            <SettingsScreen />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('after Save', () => {
  it('moves focus to a status line saying it was saved, not to <body>', async () => {
    const router = renderAt('/admin/retention-settings');
    expect(screen.queryByRole('status')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Configurações salvas');
    expect(status).toHaveFocus();
    expect(status).toHaveAttribute('tabindex', '-1');
    // Tab goes on from there, into the screen.
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Salvar' })).toHaveFocus();
    // Another screen reached from elsewhere (a link) does not repeat it.
    await act(() => router.navigate('/admin/dashboard'));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says it on the screen a Save goes on to, as a form that returns to its list does', async () => {
    const router = renderAt('/admin/users/new');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    const status = await screen.findByRole('status');
    await act(() => router.navigate('/admin/users'));
    expect(screen.getByRole('status')).toHaveTextContent('Configurações salvas');
    expect(status).toHaveFocus();
  });
});
