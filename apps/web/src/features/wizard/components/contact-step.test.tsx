import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { ContactStep } from './contact-step.tsx';

afterEach(() => setLanguage('pt'));

describe('contact step', () => {
  it.each([
    ['pt', 'Nome completo (opcional)', 'E-mail (opcional)', 'Telefone'],
    ['en', 'Full name (optional)', 'E-mail (optional)', 'Phone'],
  ] as const)('says which fields are optional in their labels (%s)', async (lang, name, email, phone) => {
    await setLanguage(lang);
    render(<ContactStep defaultValues={{ name: '', email: '', phone: '' }} onNext={vi.fn()} />);
    expect(screen.getByLabelText(name)).not.toHaveAttribute('placeholder');
    expect(screen.getByLabelText(email)).not.toHaveAttribute('placeholder');
    // The one required field keeps its asterisk (read as "required"), never "optional".
    expect(screen.getByLabelText(new RegExp(`^${phone}`)).labels?.[0]?.textContent).not.toMatch(/opcional|optional/);
    expect(screen.getByLabelText(new RegExp(`^${phone}`))).toBeRequired();
  });

  it.each([
    ['pt', 'Telefone', 'Próximo', 'O telefone é obrigatório', 'O formato do e-mail é inválido'],
    ['en', 'Phone', 'Next', 'Phone number is required', 'The e-mail format is invalid'],
  ] as const)('validates with the shared schema in %s', async (lang, phone, next, phoneMessage, emailMessage) => {
    await setLanguage(lang);
    const onNext = vi.fn();
    render(<ContactStep defaultValues={{ name: '', email: '', phone: '' }} onNext={onNext} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^E-mail/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: next }));
    expect(await screen.findByText(phoneMessage)).toBeInTheDocument();
    expect(screen.getByText(emailMessage)).toBeInTheDocument();
    expect(screen.getByLabelText(new RegExp(`^${phone}`))).toHaveAttribute('aria-invalid', 'true');
    // The first refused field takes the focus; after a refused submit, each change is checked again.
    expect(screen.getByLabelText(/^E-mail/)).toHaveFocus();
    expect(onNext).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText(/^E-mail/));
    await waitFor(() => expect(screen.queryByText(emailMessage)).toBeNull());
    await user.type(screen.getByLabelText(new RegExp(`^${phone}`)), '(51) 99876-4321');
    await user.click(screen.getByRole('button', { name: next }));
    expect(onNext).toHaveBeenCalledWith({ name: '', email: '', phone: '(51) 99876-4321' });
  });
});
