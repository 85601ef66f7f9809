import '../../lib/i18n.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { ApiError } from '../../lib/api-client.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { CheckboxField, SelectField, TextField } from './field.tsx';
import { fieldBinder } from './form-binding.ts';

const schema = z.object({
  email: z.string().min(1, 'common.validation.email.invalid'),
  role: z.string(),
  auth: z.object({ user: z.string() }),
  active: z.boolean(),
});
type Values = z.infer<typeof schema>;

function Harness({ onValid, serverError }: { onValid: (values: Values) => void; serverError?: unknown }) {
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', role: 'user', auth: { user: '' }, active: true },
  });
  const field = fieldBinder(form, 'account');
  const submit = form.handleSubmit((values) => {
    if (serverError) applyServerErrors(serverError, form.setError);
    else onValid(values);
  });
  return (
    <form noValidate onSubmit={submit}>
      <TextField label="E-mail" hint="Para avisos" kind="email" required {...field('email')} />
      <SelectField label="Papel" empty="Escolha" choices={[{ value: 'user', label: 'Usuário' }]} {...field('role')} />
      <TextField label="Usuário SMTP" kind="verbatim" {...field('auth.user')} />
      <CheckboxField label="Ativo" {...field('active')} />
      <button type="submit">Salvar</button>
    </form>
  );
}

describe('fields bound to a form', () => {
  it('names each control after the form and field, with its kind, and submits the typed values', async () => {
    const onValid = vi.fn();
    render(<Harness onValid={onValid} />);
    const email = screen.getByRole('textbox', { name: /E-mail/ });
    expect(email).toHaveAttribute('id', 'account-email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('autocomplete', 'email');
    expect(email).toHaveAccessibleName('E-mail (obrigatório)');
    expect(email).toHaveAccessibleDescription('Para avisos');
    const smtpUser = screen.getByRole('textbox', { name: 'Usuário SMTP' });
    expect(smtpUser).toHaveAttribute('id', 'account-auth-user');
    expect(smtpUser).toHaveAttribute('autocapitalize', 'none');
    expect(screen.getByRole('combobox', { name: 'Papel' })).toHaveDisplayValue('Usuário');

    await userEvent.type(email, 'ana@example.com');
    await userEvent.type(smtpUser, 'mailer');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Ativo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onValid).toHaveBeenCalledWith({
      email: 'ana@example.com',
      role: 'user',
      auth: { user: 'mailer' },
      active: false,
    });
  });

  it("shows the client's message by its key and marks the control invalid, described by hint and error", async () => {
    render(<Harness onValid={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    const email = screen.getByRole('textbox', { name: /E-mail/ });
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Para avisos O formato do e-mail é inválido');
  });

  it("puts the server's words under the nested field it names", async () => {
    const refused = new ApiError(400, '{}', 'Dados inválidos', { 'auth.user': 'Usuário recusado pelo servidor' });
    render(<Harness onValid={vi.fn()} serverError={refused} />);
    await userEvent.type(screen.getByRole('textbox', { name: /E-mail/ }), 'ana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    const smtpUser = await screen.findByRole('textbox', { name: 'Usuário SMTP' });
    expect(smtpUser).toHaveAttribute('aria-invalid', 'true');
    expect(smtpUser).toHaveAccessibleDescription('Usuário recusado pelo servidor');
  });
});
