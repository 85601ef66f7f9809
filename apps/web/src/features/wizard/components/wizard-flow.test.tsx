import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyWizard, WIZARD_STORAGE_KEY, type WizardData } from '../lib/wizard-state.ts';
import { json, renderWithClient, stubFetch } from '../test/render.tsx';
import { WizardPage } from './wizard-page.tsx';

const atStep3: WizardData = {
  ...emptyWizard,
  step: 3,
  contact: { name: 'Ana Souza', email: '', phone: '51 99999-0000' },
  location: {
    ...emptyWizard.location,
    latitude: -30.0277,
    longitude: -51.2287,
    address: 'Rua dos Andradas, Porto Alegre',
    loaded: true,
    confirmed: true,
  },
  problemType: 'LIGHT_OUT',
  company: '1',
};
const companies = [{ id: 1, name: 'CEEE', fullName: 'CEEE Equatorial Energia', colorClass: 'blue', iconClass: 'bolt' }];

beforeEach(() => sessionStorage.setItem(WIZARD_STORAGE_KEY, JSON.stringify(atStep3)));
afterEach(() => {
  sessionStorage.clear();
  document.title = '';
  vi.unstubAllGlobals();
});

describe('wizard submission', () => {
  it('restores step 3 from session storage, stays there on failure, retries with the same key, then succeeds', async () => {
    let fail = true;
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/energy-companies') return json(companies);
      if (url === '/api/repair-requests' && init?.method === 'POST') {
        return fail
          ? json(
              {
                message: 'A concessionária selecionada não existe ou não está ativa',
                errors: { company: 'A concessionária selecionada não existe ou não está ativa' },
              },
              400,
            )
          : json({ id: 17, companyName: 'CEEE', trackingToken: 'tok', emailQueued: false }, 201);
      }
      return undefined;
    });
    renderWithClient(<WizardPage />);
    const user = userEvent.setup();

    expect(screen.getByRole('heading', { level: 2, name: 'Passo 3: Concessionária de energia' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuetext', 'Passo 3 de 3');
    // The summary arrives with the step's own chunk (decision 0054).
    expect(await screen.findByRole('complementary')).toHaveTextContent('Rua dos Andradas, Porto Alegre');
    const submit = await screen.findByRole('button', { name: 'Enviar solicitação' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);

    // A refusal (400) is the step's error summary, with the focus, and the title says "Erro: ".
    const summary = await screen.findByRole('alert', { name: 'Há um problema' });
    await waitFor(() => expect(summary).toHaveFocus());
    expect(summary).toHaveTextContent('A concessionária selecionada não existe ou não está ativa');
    expect(screen.getByRole('heading', { level: 2, name: 'Passo 3: Concessionária de energia' })).toBeInTheDocument();
    await waitFor(() =>
      expect(document.title).toBe(
        'Erro: Passo 3 de 3: Concessionária de energia – Solicitar reparo de iluminação pública · Acende',
      ),
    );

    // Its link goes to the chosen company.
    await user.click(within(summary).getByRole('link'));
    expect(screen.getByRole('radio', { name: /CEEE/ })).toHaveFocus();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Enviar solicitação' }));
    expect(await screen.findByTestId('request-id')).toHaveTextContent('17');
    expect(screen.getByRole('heading', { level: 2, name: 'Solicitação registrada' })).toHaveFocus();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuetext', 'Solicitação registrada');
    expect(document.title).toBe('Solicitação registrada – Solicitar reparo de iluminação pública · Acende');

    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toHaveLength(2);
    const keyOf = (init: RequestInit | undefined) =>
      (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key'];
    expect(keyOf(posts[0]?.[1])).toMatch(/^[0-9a-f-]{36}$/);
    expect(keyOf(posts[1]?.[1])).toBe(keyOf(posts[0]?.[1]));
    expect(JSON.parse(String(posts[0]?.[1]?.body))).toMatchObject({
      phone: '51 99999-0000',
      latitude: '-30.0277',
      longitude: '-51.2287',
      company: '1',
      problemType: 'LIGHT_OUT',
    });
    expect(sessionStorage.getItem(WIZARD_STORAGE_KEY)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Fazer nova solicitação' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Passo 1: Suas informações' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Telefone/)).toHaveValue('');
  });

  it('keeps the toast for what is no refusal (a 503), with no error summary', async () => {
    stubFetch((url, init) => {
      if (url === '/api/energy-companies') return json(companies);
      if (url === '/api/repair-requests' && init?.method === 'POST')
        return json({ message: 'Serviço indisponível' }, 503);
      return undefined;
    });
    renderWithClient(<WizardPage />);
    const submit = await screen.findByRole('button', { name: 'Enviar solicitação' });
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    expect(await screen.findByText('Erro ao enviar solicitação')).toBeInTheDocument();
    expect(screen.getByText('Serviço indisponível')).toBeInTheDocument();
    expect(screen.queryByRole('alert', { name: 'Há um problema' })).toBeNull();
  });
});
