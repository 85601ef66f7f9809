import { wizardProgress } from '@acende/shared/constants';
import type { PoleLookup } from '@acende/shared/schemas/poles';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import '../lib/pole-catalogue.ts';
import { emptyWizard, WIZARD_STORAGE_KEY } from '../lib/wizard-state.ts';
import { json, renderWithClient, stubFetch } from '../test/render.tsx';
import { PoleWizard } from './pole-wizard.tsx';
import { WizardPage, WizardProgress } from './wizard-page.tsx';

afterEach(async () => {
  sessionStorage.clear();
  vi.unstubAllGlobals();
  await setLanguage('pt');
});

const fill = () => (screen.getByRole('progressbar').firstElementChild as HTMLElement).style.width;

describe('wizard progress', () => {
  it.each([
    [1, 33],
    [2, 67],
    [3, 100],
  ])('step %i of 3 says so beside a bar %i percent full', (step, percent) => {
    expect(wizardProgress(step)).toBe(percent);
    render(<WizardProgress step={step} />);
    const bar = screen.getByRole('progressbar', { name: 'Progresso' });
    expect(bar).toHaveAttribute('aria-valuenow', String(step));
    expect(bar).toHaveAttribute('aria-valuemax', '3');
    expect(bar).toHaveAttribute('aria-valuetext', `Passo ${step} de 3`);
    expect(screen.getByText(`Passo ${step} de 3`)).toBeInTheDocument();
    expect(fill()).toBe(`${percent}%`);
  });

  it('is full on the success screen, which names itself', () => {
    render(<WizardProgress step={4} />);
    const bar = screen.getByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '3');
    expect(bar).toHaveAttribute('aria-valuetext', 'Solicitação registrada');
    expect(screen.queryByText(/^Passo/)).toBeNull();
    expect(fill()).toBe('100%');
  });

  it('counts the pole flow as its two steps, in English too', async () => {
    await setLanguage('en');
    render(<WizardProgress step={1} total={2} />);
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuetext', 'Step 1 of 2');
    expect(screen.getByText('Step 1 of 2')).toBeInTheDocument();
    expect(fill()).toBe('50%');
  });
});

describe('wizard document title', () => {
  it.each([
    ['pt', 1, 'Passo 1 de 3: Suas informações – Solicitar reparo de iluminação pública · Acende'],
    ['pt', 2, 'Passo 2 de 3: Localização – Solicitar reparo de iluminação pública · Acende'],
    ['pt', 3, 'Passo 3 de 3: Concessionária de energia – Solicitar reparo de iluminação pública · Acende'],
    ['en', 2, 'Step 2 of 3: Location – Request a street-light repair · Acende'],
  ] as const)('names the step (%s, step %i)', async (lang, step, title) => {
    await setLanguage(lang);
    sessionStorage.setItem(WIZARD_STORAGE_KEY, JSON.stringify({ ...emptyWizard, step }));
    stubFetch(() => undefined);
    renderWithClient(<WizardPage />);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('says "Erro: " first while the step shows its error summary (step 1)', async () => {
    stubFetch(() => undefined);
    renderWithClient(<WizardPage />);
    const user = userEvent.setup();
    const step1 = 'Passo 1 de 3: Suas informações – Solicitar reparo de iluminação pública · Acende';
    await waitFor(() => expect(document.title).toBe(step1));
    await user.click(screen.getByRole('button', { name: 'Próximo' }));
    await waitFor(() => expect(document.title).toBe(`Erro: ${step1}`));
    expect(await screen.findByRole('alert', { name: 'Há um problema' })).toHaveFocus();
    await user.type(screen.getByLabelText(/^Telefone/), '(51) 99876-4321');
    await waitFor(() => expect(document.title).toBe(step1));
  });

  it('names the pole flow by its two steps', async () => {
    const pole: PoleLookup = {
      id: 4,
      companyId: 2,
      number: '1008',
      latitude: -30.03,
      longitude: -51.23,
      companyName: 'Certel',
      street: 'Rua dos Andradas',
      openRequestId: null,
    };
    stubFetch((url) => (url === '/api/energy-companies' ? json([]) : undefined));
    renderWithClient(
      <MemoryRouter>
        <PoleWizard found={{ pole, address: 'Rua dos Andradas' }} />
      </MemoryRouter>,
    );
    await waitFor(() =>
      expect(document.title).toBe('Passo 1 de 2: Suas informações – Solicitar reparo do poste 1008 · Acende'),
    );
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuetext', 'Passo 1 de 2');
    expect(screen.getByText('Passo 1 de 2')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(/^Telefone/), '(51) 99876-4321');
    await userEvent.click(screen.getByRole('button', { name: 'Próximo' }));
    const step2 = 'Passo 2 de 2: Confirme e envie – Solicitar reparo do poste 1008 · Acende';
    await waitFor(() => expect(document.title).toBe(step2));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2');
    expect(screen.getByText('Passo 2 de 2')).toBeInTheDocument();

    // Sending with no problem type: the summary, with the focus, and its link to the field.
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar solicitação' }));
    const summary = screen.getByRole('alert', { name: 'Há um problema' });
    expect(summary).toHaveFocus();
    await waitFor(() => expect(document.title).toBe(`Erro: ${step2}`));
    await userEvent.click(within(summary).getByRole('link', { name: 'O tipo de problema é obrigatório' }));
    expect(screen.getByLabelText(/^Tipo de problema/)).toHaveFocus();
    await userEvent.selectOptions(screen.getByLabelText(/^Tipo de problema/), 'LIGHT_OUT');
    await waitFor(() => expect(document.title).toBe(step2));
  });
});
