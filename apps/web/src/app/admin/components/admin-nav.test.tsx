import ptAccess from '@acende/shared/i18n/pt/admin-access.json';
import ptOpen311 from '@acende/shared/i18n/pt/admin-open311.json';
import ptTemplates from '@acende/shared/i18n/pt/admin-templates.json';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCatalogue } from '../../../lib/i18n.ts';
import { AdminNav } from './admin-nav.tsx';

beforeAll(() => {
  addCatalogue('pt', 'admin-access', ptAccess);
  addCatalogue('pt', 'admin-templates', ptTemplates);
  addCatalogue('pt', 'admin-open311', ptOpen311);
});

function renderNav(path: string, role = 'admin') {
  const router = createMemoryRouter(
    [{ path: '/admin/*', element: <AdminNav role={role} menuOpen navRef={createRef()} /> }],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return { nav: screen.getByRole('navigation', { name: 'Navegação da administração' }), router };
}

describe('admin navigation groups', () => {
  it('folds the links into four groups, the current screen’s open', () => {
    const { nav } = renderNav('/admin/requests/12');
    const groups = within(nav).getAllByRole('button');
    expect(groups.map((group) => group.textContent?.replace(/[▸▾]/, ''))).toEqual([
      'Atendimento',
      'Cadastros',
      'Relatórios',
      'Configurações',
    ]);
    expect(groups.map((group) => group.getAttribute('aria-expanded'))).toEqual(['true', 'false', 'false', 'false']);
    expect(within(nav).getByRole('link', { name: 'Solicitações' })).toBeVisible();
    expect(within(nav).queryByRole('link', { name: 'Usuários' })).toBeNull();
  });

  it('unfolds and folds a group by keyboard, its button naming the list it controls', async () => {
    const { nav } = renderNav('/admin/dashboard');
    const records = within(nav).getByRole('button', { name: 'Cadastros' });
    records.focus();
    await userEvent.keyboard('{Enter}');
    expect(records).toHaveAttribute('aria-expanded', 'true');
    const list = document.getElementById(records.getAttribute('aria-controls') ?? '');
    expect(list).toContainElement(within(nav).getByRole('link', { name: 'Usuários' }));
    await userEvent.keyboard(' ');
    expect(records).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryByRole('link', { name: 'Usuários' })).toBeNull();
  });

  it('opens the group of a screen reached while it is folded, leaving the others as they were', async () => {
    const { nav, router } = renderNav('/admin/dashboard');
    await userEvent.click(within(nav).getByRole('button', { name: 'Atendimento' }));
    expect(within(nav).getByRole('button', { name: 'Atendimento' })).toHaveAttribute('aria-expanded', 'false');
    await router.navigate('/admin/theme-settings');
    expect(await within(nav).findByRole('link', { name: 'Configurações de tema' })).toBeVisible();
    expect(within(nav).getByRole('button', { name: 'Atendimento' })).toHaveAttribute('aria-expanded', 'false');
  });
});
