import '../../lib/i18n.ts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorSummary, type SummaryError } from './error-summary.tsx';

function Form({ errors, attempt, onShown }: { errors: SummaryError[]; attempt: number; onShown?: () => void }) {
  return (
    <>
      <ErrorSummary title="Há um problema" errors={errors} attempt={attempt} onShown={onShown} />
      <label htmlFor="phone">Telefone</label>
      <input id="phone" />
      <button type="button">Próximo</button>
    </>
  );
}

const phone = { message: 'common.validation.phone.required', target: 'phone' };

describe('error summary', () => {
  it('shows nothing, and says so, while there is no error', () => {
    const onShown = vi.fn();
    render(<Form errors={[]} attempt={0} onShown={onShown} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onShown).toHaveBeenLastCalledWith(false);
  });

  it('takes the focus on each refused attempt, not as its errors change, and its links focus their fields', async () => {
    const onShown = vi.fn();
    const { rerender, unmount } = render(<Form errors={[phone]} attempt={1} onShown={onShown} />);
    const summary = screen.getByRole('alert', { name: 'Há um problema' });
    expect(summary).toHaveFocus();
    expect(onShown).toHaveBeenLastCalledWith(true);
    // A key is put in words; words stay as they are, with no link when no field is named.
    const link = within(summary).getByRole('link', { name: 'O telefone é obrigatório' });
    expect(link).toHaveAttribute('href', '#phone');
    await userEvent.click(link);
    expect(screen.getByLabelText('Telefone')).toHaveFocus();

    rerender(<Form errors={[phone, { message: 'O serviço recusou' }]} attempt={1} onShown={onShown} />);
    expect(screen.getByLabelText('Telefone')).toHaveFocus();
    expect(within(summary).getByText('O serviço recusou').tagName).toBe('LI');

    rerender(<Form errors={[phone]} attempt={2} onShown={onShown} />);
    expect(summary).toHaveFocus();

    unmount();
    expect(onShown).toHaveBeenLastCalledWith(false);
  });
});
