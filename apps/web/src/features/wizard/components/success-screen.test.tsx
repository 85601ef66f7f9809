import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import type { WizardResult } from '../lib/wizard-state.ts';
import { renderWithClient } from '../test/render.tsx';
import { SuccessScreen } from './success-screen.tsx';

const result: WizardResult = {
  id: 42,
  companyName: 'CEEE',
  trackingToken: 'tok_abc-123',
  emailQueued: false,
  smsQueued: false,
  whatsappQueued: false,
  dueAt: '2099-12-01T15:00:00.000Z',
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
    expect(screen.getByTestId('email-notice')).toHaveTextContent(
      'Nenhum e-mail foi enviado, porque você não informou um endereço de e-mail. Guarde o número da solicitação e o link de rastreamento para acompanhar o reparo.',
    );
  });

  it('gives the expected repair date, in the reader’s language, and none without a due time', async () => {
    const { unmount } = renderWithClient(<SuccessScreen result={result} onNewRequest={() => {}} />);
    expect(screen.getByTestId('repair-date')).toHaveTextContent(/^Previsão de reparo: até 01\/12\/2099$/);
    unmount();
    await setLanguage('en');
    try {
      const english = renderWithClient(<SuccessScreen result={result} onNewRequest={() => {}} />);
      expect(screen.getByTestId('repair-date')).toHaveTextContent(/^Expected repair: by 01\/12\/2099$/);
      english.unmount();
    } finally {
      await setLanguage('pt');
    }
    renderWithClient(<SuccessScreen result={{ ...result, dueAt: null }} onNewRequest={() => {}} />);
    expect(screen.getByTestId('request-id')).toHaveTextContent('42');
    expect(screen.queryByTestId('repair-date')).toBeNull();
  });

  it('promises an e-mail only when the server queued one for the address given', () => {
    const withEmail = { ...result, input: { ...result.input, email: 'a@b.co' } };
    const { unmount } = renderWithClient(
      <SuccessScreen result={{ ...withEmail, emailQueued: true }} onNewRequest={() => {}} />,
    );
    expect(screen.getByTestId('email-notice')).toHaveTextContent(/^Enviamos uma confirmação para a@b\.co/);
    unmount();
    renderWithClient(<SuccessScreen result={withEmail} onNewRequest={() => {}} />);
    const notice = screen.getByTestId('email-notice');
    expect(notice).toHaveTextContent(/^Nenhum e-mail foi enviado: este serviço não está enviando e-mails/);
    expect(notice).not.toHaveTextContent(/Enviamos/);
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
