import { wizardProgress } from '@acende/shared/constants';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../lib/i18n.ts';
import { WizardProgress } from './wizard-page.tsx';

describe('wizard progress', () => {
  it.each([
    [1, 0],
    [2, 33],
    [3, 67],
    [4, 100],
    [5, 100],
  ])('step %i shows %i percent', (step, percent) => {
    expect(wizardProgress(step)).toBe(percent);
    render(<WizardProgress step={step} />);
    const bar = screen.getByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', String(percent));
    expect(bar).toHaveAccessibleName(`Progresso: ${percent}%`);
  });
});
