import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog, FormDialog } from './alert-dialog.tsx';

/** A page's button that opens the dialog by state, as the screens do (no Radix trigger). */
function Page({ kind }: { kind: 'form' | 'confirm' }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Transferir
      </button>
      {kind === 'form' ? (
        <FormDialog
          open={open}
          title="Transferir"
          submitLabel="Enviar"
          cancelLabel="Cancelar"
          onSubmit={close}
          onCancel={close}
        >
          <input aria-label="Motivo" />
        </FormDialog>
      ) : (
        <ConfirmDialog
          open={open}
          title="Excluir?"
          confirmLabel="Excluir"
          cancelLabel="Cancelar"
          onConfirm={close}
          onCancel={close}
        />
      )}
    </>
  );
}

describe('dialogs opened from the page', () => {
  it.each(['form', 'confirm'] as const)('give focus back to the opener on Escape and on Cancel (%s)', async (kind) => {
    render(<Page kind={kind} />);
    const opener = screen.getByRole('button', { name: 'Transferir' });
    await userEvent.click(opener);
    expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(opener).toHaveFocus();
    await userEvent.click(opener);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar' }));
    expect(opener).toHaveFocus();
  });
});
