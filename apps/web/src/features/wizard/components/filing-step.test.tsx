import type { PoleLookup } from '@acende/shared/schemas/poles';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyWizard, type WizardData } from '../lib/wizard-state.ts';
import { json, renderWithClient, stubFetch } from '../test/render.tsx';
import { FilingStep } from './filing-step.tsx';

afterEach(() => vi.unstubAllGlobals());

const pole: PoleLookup = {
  id: 12,
  companyId: 1,
  number: 'PA-0042',
  latitude: -30.03,
  longitude: -51.23,
  companyName: 'CEEE',
  street: 'Rua dos Andradas',
  openRequestId: 7,
};

function renderStep(data: WizardData) {
  stubFetch((url) =>
    url === '/api/energy-companies'
      ? json([
          { id: 1, name: 'CEEE', fullName: 'CEEE Equatorial Energia', colorClass: 'blue', iconClass: 'bolt' },
          { id: 2, name: 'RGE', fullName: 'RGE Sul', colorClass: 'green', iconClass: 'plug' },
        ])
      : undefined,
  );
  const handlers = { update: vi.fn(), complete: vi.fn(), onCompany: vi.fn(), onBack: vi.fn() };
  renderWithClient(
    <MemoryRouter>
      <FilingStep data={data} {...handlers} />
    </MemoryRouter>,
  );
  return handlers;
}

describe('filing step with a pole', () => {
  it('warns of the pole open request, with its tracking page, and still lets the citizen send', async () => {
    renderStep({ ...emptyWizard, step: 3, company: '1', pole });
    expect(screen.getByTestId('pole-open-request')).toHaveTextContent(
      'A solicitação nº 7 sobre o poste PA-0042 ainda está em aberto.',
    );
    expect(screen.getByRole('link', { name: 'Acompanhar a solicitação nº 7' })).toHaveAttribute('href', '/track/7');
    expect(await screen.findByRole('radio', { name: /CEEE/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Enviar solicitação' })).toBeEnabled();
  });

  it('drops the pole, and says so, when another company is chosen', async () => {
    const handlers = renderStep({ ...emptyWizard, step: 3, company: '1', pole: { ...pole, openRequestId: null } });
    expect(screen.queryByTestId('pole-open-request')).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('radio', { name: /RGE/ }));
    expect(handlers.update).toHaveBeenCalledWith({ pole: null });
    expect(handlers.onCompany).toHaveBeenCalledWith('2', 'RGE');
    expect(await screen.findByText('O poste foi removido: ele pertence a outra concessionária')).toBeInTheDocument();
  });

  it('keeps the pole when its own company is chosen again', async () => {
    const handlers = renderStep({ ...emptyWizard, step: 3, company: '', pole });
    await userEvent.click(await screen.findByRole('radio', { name: /CEEE/ }));
    expect(handlers.update).not.toHaveBeenCalledWith({ pole: null });
    expect(handlers.onCompany).toHaveBeenCalledWith('1', 'CEEE');
  });
});
