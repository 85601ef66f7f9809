import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WizardResult } from '../lib/wizard-state.ts';
import { renderWithClient } from '../test/render.tsx';
import { SuccessScreen } from './success-screen.tsx';

const result: WizardResult = {
  id: 42,
  companyName: 'CEEE',
  trackingToken: 'tok_abc-123',
  input: {
    name: '',
    email: '',
    phone: '51 99999-0000',
    address: 'Rua dos Andradas, Porto Alegre',
    reference: '',
    problemType: 'FALLEN_POLE',
    latitude: '-30.0277',
    longitude: '-51.2287',
    company: '1',
  },
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('success screen', () => {
  it('shows the number, the tracking link and the details, with "Não informado" for a missing name', () => {
    renderWithClient(<SuccessScreen result={result} onNewRequest={() => {}} />);
    expect(screen.getByTestId('request-id')).toHaveTextContent('42');
    expect(screen.getByTestId('tracking-link')).toHaveTextContent(`${window.location.origin}/track/42?t=tok_abc-123`);
    expect(screen.getByText('Não informado')).toBeInTheDocument();
    expect(screen.getByText('Poste caído')).toBeInTheDocument();
    expect(screen.queryByText('E-mail')).not.toBeInTheDocument();
    expect(screen.getByText('Guarde o número da solicitação para acompanhar o reparo.')).toBeInTheDocument();
  });

  it('shows the e-mail notice when an e-mail was given', () => {
    renderWithClient(
      <SuccessScreen result={{ ...result, input: { ...result.input, email: 'a@b.co' } }} onNewRequest={() => {}} />,
    );
    expect(screen.getByText(/Enviamos uma cópia para o seu e-mail/)).toBeInTheDocument();
  });

  it('copies the number with "Copiado!" and reports a failed copy of the link with "Erro"', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithClient(<SuccessScreen result={result} onNewRequest={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Copiar número' }));
    expect(writeText).toHaveBeenCalledWith('42');
    expect(await screen.findByText('Copiado!')).toBeInTheDocument();

    writeText.mockRejectedValueOnce(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copiar link de rastreamento' }));
    expect(await screen.findByText('Erro')).toBeInTheDocument();
    expect(screen.getByText('Não foi possível copiar o link de rastreamento')).toBeInTheDocument();
  });
});
