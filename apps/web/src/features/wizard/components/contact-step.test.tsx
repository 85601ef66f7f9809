import { render, screen, waitFor, within } from '@testing-library/react';
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
    expect((screen.getByLabelText(new RegExp(`^${phone}`)) as HTMLInputElement).labels?.[0]?.textContent).not.toMatch(
      /opcional|optional/,
    );
    expect(screen.getByLabelText(new RegExp(`^${phone}`))).toBeRequired();
  });

  it.each([
    ['pt', 'Telefone', 'Próximo', 'Há um problema', 'O telefone é obrigatório', 'O formato do e-mail é inválido'],
    ['en', 'Phone', 'Next', 'There is a problem', 'Phone number is required', 'The e-mail format is invalid'],
  ] as const)(
    'validates with the shared schema in %s',
    async (lang, phone, next, problem, phoneMessage, emailMessage) => {
      await setLanguage(lang);
      const onNext = vi.fn();
      const onErrors = vi.fn();
      render(<ContactStep defaultValues={{ name: '', email: '', phone: '' }} onNext={onNext} onErrors={onErrors} />);
      const user = userEvent.setup();
      await user.type(screen.getByLabelText(/^E-mail/), 'not-an-email');
      await user.click(screen.getByRole('button', { name: next }));
      // GOV.UK's error summary takes the focus and lists the refused fields in the page's order.
      const summary = await screen.findByRole('alert', { name: problem });
      await waitFor(() => expect(summary).toHaveFocus());
      expect(onErrors).toHaveBeenLastCalledWith(true);
      const links = within(summary).getAllByRole('link');
      expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
        [emailMessage, '#contact-email'],
        [phoneMessage, '#contact-phone'],
      ]);
      const phoneField = screen.getByLabelText(new RegExp(`^${phone}`));
      expect(phoneField).toHaveAttribute('aria-invalid', 'true');
      expect(phoneField).toHaveAccessibleDescription(expect.stringContaining(phoneMessage));
      expect(onNext).not.toHaveBeenCalled();
      // A link moves the focus to its field.
      await user.click(within(summary).getByRole('link', { name: phoneMessage }));
      expect(phoneField).toHaveFocus();

      // After a refused Next, each change is checked again: the summary follows, and goes when all is mended.
      await user.clear(screen.getByLabelText(/^E-mail/));
      await waitFor(() => expect(within(summary).queryByText(emailMessage)).toBeNull());
      expect(screen.queryByText(emailMessage)).toBeNull();
      await user.type(phoneField, '(51) 99876-4321');
      await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
      expect(onErrors).toHaveBeenLastCalledWith(false);
      await user.click(screen.getByRole('button', { name: next }));
      expect(onNext).toHaveBeenCalledWith({ name: '', email: '', phone: '(51) 99876-4321' });
    },
  );

  it('offers SMS only while the service sends them, unticked, and only to a mobile (issue 36)', async () => {
    const { rerender } = render(<ContactStep defaultValues={{ name: '', email: '', phone: '' }} onNext={vi.fn()} />);
    expect(screen.queryByRole('checkbox')).toBeNull();
    const onNext = vi.fn();
    rerender(<ContactStep smsOffered defaultValues={{ name: '', email: '', phone: '' }} onNext={onNext} />);
    const box = screen.getByRole('checkbox', {
      name: 'Receber avisos sobre esta solicitação por SMS no telefone informado',
    });
    expect(box).not.toBeChecked();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Telefone/), '(51) 3333-4444');
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Próximo' }));
    const summary = await screen.findByRole('alert', { name: 'Há um problema' });
    expect(within(summary).getByRole('link').textContent).toBe(
      'Para receber SMS, informe um celular com DDD, como (51) 99999-9999',
    );
    expect(onNext).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText(/^Telefone/));
    await user.type(screen.getByLabelText(/^Telefone/), '(51) 99876-4321');
    await user.click(screen.getByRole('button', { name: 'Próximo' }));
    await waitFor(() =>
      expect(onNext).toHaveBeenCalledWith({ name: '', email: '', phone: '(51) 99876-4321', notifySms: true }),
    );
  });
  it('offers WhatsApp beside SMS while the service sends it, unticked, and only to a mobile (issue 36)', async () => {
    const onNext = vi.fn();
    render(<ContactStep whatsappOffered defaultValues={{ name: '', email: '', phone: '' }} onNext={onNext} />);
    expect(screen.getAllByRole('checkbox')).toHaveLength(1);
    const box = screen.getByRole('checkbox', {
      name: 'Receber avisos sobre esta solicitação por WhatsApp no telefone informado',
    });
    expect(box).not.toBeChecked();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Telefone/), '(51) 3333-4444');
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Próximo' }));
    const summary = await screen.findByRole('alert', { name: 'Há um problema' });
    expect(within(summary).getByRole('link').textContent).toBe(
      'Para receber avisos por WhatsApp, informe um celular com DDD, como (51) 99999-9999',
    );
    await user.clear(screen.getByLabelText(/^Telefone/));
    await user.type(screen.getByLabelText(/^Telefone/), '(51) 99876-4321');
    await user.click(screen.getByRole('button', { name: 'Próximo' }));
    await waitFor(() =>
      expect(onNext).toHaveBeenCalledWith({ name: '', email: '', phone: '(51) 99876-4321', notifyWhatsapp: true }),
    );
  });
});
