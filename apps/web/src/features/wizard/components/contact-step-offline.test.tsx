// Step 1's check comes with the later steps' chunk: when that chunk cannot be fetched,
// what the citizen typed is kept (handed to the wizard's storage first) and the failure is
// said, instead of a Next button that does nothing.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n.ts';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { ContactStep } from './contact-step.tsx';

vi.mock('../lib/later-steps-loader.ts', () => ({
  loadLaterSteps: () => Promise.reject(new Error('Failed to fetch dynamically imported module')),
}));

describe('contact step without its check', () => {
  it('keeps what was typed and says it could not go on', async () => {
    const onDraft = vi.fn();
    const onNext = vi.fn();
    render(
      <>
        <ContactStep defaultValues={{ name: '', email: '', phone: '' }} onDraft={onDraft} onNext={onNext} />
        <Toaster />
      </>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Telefone/), '(51) 99876-4321');
    await user.click(screen.getByRole('button', { name: 'Próximo' }));
    expect(await screen.findByText(/Não foi possível continuar/)).toBeInTheDocument();
    expect(onDraft).toHaveBeenCalledWith({ name: '', email: '', phone: '(51) 99876-4321' });
    expect(onNext).not.toHaveBeenCalled();
  });
});
