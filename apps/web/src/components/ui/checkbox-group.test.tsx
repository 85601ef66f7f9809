import '../../lib/i18n.ts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CheckboxGroup } from './checkbox-group.tsx';

const CHOICES = [
  { value: 'a.one', label: 'Um', hint: 'O primeiro' },
  { value: 'a.two', label: 'Dois' },
  { value: 'a.three', label: 'Três' },
];

function Group({ error }: { error?: string }) {
  const [value, setValue] = useState<string[]>([]);
  return (
    <>
      <CheckboxGroup
        id="g"
        legend="Números"
        hint="Marque os que quiser"
        choices={CHOICES}
        value={value}
        onChange={setValue}
        error={error}
      />
      <output>{value.join(',')}</output>
    </>
  );
}

describe('CheckboxGroup', () => {
  it('keeps the choices in their own order, whatever the order they were ticked in, and unticks', async () => {
    const user = userEvent.setup();
    render(<Group />);
    await user.click(screen.getByRole('checkbox', { name: 'Três' }));
    await user.click(screen.getByRole('checkbox', { name: 'Um' }));
    expect(screen.getByRole('status')).toHaveTextContent('a.one,a.three');
    await user.click(screen.getByRole('checkbox', { name: 'Três' }));
    expect(screen.getByRole('status')).toHaveTextContent(/^a\.one$/);
  });

  it('names the group by its legend and describes it by its hint and error, each choice by its line', () => {
    render(<Group error="Escolha ao menos um" />);
    const group = screen.getByRole('group', { name: 'Números' });
    expect(group).toHaveAccessibleDescription('Marque os que quiser Escolha ao menos um');
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('checkbox', { name: 'Um' })).toHaveAccessibleDescription('O primeiro');
  });
});
