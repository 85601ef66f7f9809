import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, type Route, renderWithClient, stubFetch } from '../test/render.tsx';
import { CompanyStep } from './company-step.tsx';

afterEach(() => vi.unstubAllGlobals());

const companies = [
  { id: 1, name: 'CEEE', fullName: 'CEEE Equatorial Energia', colorClass: 'blue', iconClass: 'bolt' },
  { id: 2, name: 'Certel', fullName: 'Cooperativa Certel', colorClass: 'green', iconClass: 'plug' },
];

function renderStep(route: Route, company = '') {
  stubFetch(route);
  const handlers = { onCompany: vi.fn(), onSubmit: vi.fn(), onBack: vi.fn() };
  renderWithClient(<CompanyStep company={company} submitting={false} {...handlers} />);
  return handlers;
}

describe('company step', () => {
  it('disables submit while the companies load', () => {
    renderStep(() => undefined);
    expect(screen.getByText('Carregando concessionárias...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar solicitação' })).toBeDisabled();
  });

  it('shows the empty state and keeps submit disabled', async () => {
    renderStep(() => json([]));
    expect(await screen.findByText('Nenhuma concessionária de energia disponível no momento')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar solicitação' })).toBeDisabled();
  });

  it('shows the load error with a reload button', async () => {
    renderStep(() => json({ message: 'boom' }, 500));
    expect(await screen.findByText('Erro ao carregar as concessionárias de energia')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recarregar página' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar solicitação' })).toBeDisabled();
  });

  it('lists companies with their mapped icons and lets exactly one be chosen', async () => {
    const { onCompany, onSubmit } = renderStep(() => json(companies));
    const ceee = await screen.findByRole('radio', { name: /CEEE Equatorial Energia/ });
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    expect(document.querySelector('[data-icon="flash_on"]')).not.toBeNull();
    expect(document.querySelector('[data-icon="power"]')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Enviar solicitação' }));
    expect(onSubmit).not.toHaveBeenCalled();
    // The error summary takes the focus; its link goes to the first company, and the group says why too.
    const summary = screen.getByRole('alert', { name: 'Há um problema' });
    expect(summary).toHaveFocus();
    await userEvent.click(within(summary).getByRole('link', { name: 'Selecione uma concessionária de energia' }));
    expect(ceee).toHaveFocus();
    expect(screen.getByRole('group', { name: 'Escolha a concessionária de energia' })).toHaveAccessibleDescription(
      'Selecione uma concessionária de energia',
    );
    await userEvent.click(ceee);
    expect(onCompany).toHaveBeenCalledWith('1', 'CEEE');
  });

  it('submits once a company is chosen', async () => {
    const { onSubmit } = renderStep(() => json(companies), '2');
    expect(await screen.findByRole('radio', { name: /Certel/ })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Enviar solicitação' }));
    expect(onSubmit).toHaveBeenCalled();
  });
});
