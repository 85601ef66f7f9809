import type { PoleLookup } from '@acende/shared/schemas/poles';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
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

const companies = [
  { id: 1, name: 'CEEE', fullName: 'CEEE Equatorial Energia', colorClass: 'blue', iconClass: 'bolt' },
  { id: 2, name: 'RGE', fullName: 'RGE Sul', colorClass: 'green', iconClass: 'plug' },
];

function renderStep(data: WizardData) {
  stubFetch((url) => (url === '/api/energy-companies' ? json(companies) : undefined));
  const handlers = { update: vi.fn(), complete: vi.fn(), onCompany: vi.fn(), onBack: vi.fn() };
  renderWithClient(
    <MemoryRouter>
      <FilingStep data={data} {...handlers} />
    </MemoryRouter>,
  );
  return handlers;
}

/** The step with the wizard's data kept as the page keeps it; returns the patches it was given. */
function renderHarness(initial: WizardData) {
  stubFetch((url) => (url === '/api/energy-companies' ? json(companies) : undefined));
  const changes: Partial<WizardData>[] = [];
  function Harness() {
    const [data, setData] = useState(initial);
    const update = (patch: Partial<WizardData>) => {
      changes.push(patch);
      setData((current) => ({ ...current, ...patch }));
    };
    return (
      <>
        <span data-testid="selected-pole-step3">{data.pole?.number ?? ''}</span>
        <FilingStep
          data={data}
          update={update}
          complete={vi.fn()}
          onCompany={(company) => update({ company })}
          onBack={vi.fn()}
        />
      </>
    );
  }
  renderWithClient(
    <MemoryRouter>
      <Harness />
    </MemoryRouter>,
  );
  return changes;
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

  it('asks before another company drops the pole: confirm changes the company, removes the pole and says so', async () => {
    const user = userEvent.setup();
    const changes = renderHarness({ ...emptyWizard, step: 3, company: '1', pole: { ...pole, openRequestId: null } });
    await user.click(await screen.findByRole('radio', { name: /RGE/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Trocar de concessionária?' });
    expect(dialog).toHaveTextContent(
      'O poste PA-0042 é da CEEE. Trocar de concessionária remove o poste da solicitação.',
    );
    // Nothing changed while the question is open.
    expect(changes).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Trocar e remover o poste' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(changes).toEqual([{ pole: null }, { company: '2' }]);
    expect(screen.getByRole('radio', { name: /RGE/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /RGE/ })).toHaveFocus();
    expect(
      screen.getByText('Concessionária trocada para RGE: o poste PA-0042 foi removido da solicitação.'),
    ).toHaveAttribute('role', 'status');
  });

  it('asks when ↓ moves to another company; cancel keeps the company and the pole, the focus on its radio', async () => {
    const user = userEvent.setup();
    const changes = renderHarness({ ...emptyWizard, step: 3, company: '1', pole: { ...pole, openRequestId: null } });
    const ceee = await screen.findByRole('radio', { name: /CEEE/ });
    ceee.focus();
    await user.keyboard('{ArrowDown}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Trocar de concessionária?' });
    await user.click(within(dialog).getByRole('button', { name: 'Manter o poste PA-0042' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(changes).toEqual([]);
    expect(ceee).toBeChecked();
    expect(screen.getByRole('radio', { name: /RGE/ })).not.toBeChecked();
    expect(ceee).toHaveFocus();
    expect(screen.getByTestId('selected-pole-step3')).toHaveTextContent('PA-0042');

    // Escape is a cancel too.
    await user.keyboard('{ArrowDown}');
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(changes).toEqual([]);
    expect(ceee).toBeChecked();
    expect(ceee).toHaveFocus();
  });

  it('keeps the pole when its own company is chosen again', async () => {
    const handlers = renderStep({ ...emptyWizard, step: 3, company: '', pole });
    await userEvent.click(await screen.findByRole('radio', { name: /CEEE/ }));
    expect(handlers.update).not.toHaveBeenCalledWith({ pole: null });
    expect(handlers.onCompany).toHaveBeenCalledWith('1', 'CEEE');
  });
});
