import ptOperations from '@acende/shared/i18n/pt/admin-operations.json';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCatalogue } from '../../lib/i18n.ts';
import { DeadlineBadge } from './deadline-badge.tsx';
import { StatusBadge } from './status-badge.tsx';

// jsdom lays nothing out: what is checked is the rule the layout follows, one line from 640 px
// (Tailwind's sm) and free to wrap in a phone's card, within the card's width.
function expectWrapsOnPhone(badge: HTMLElement) {
  const classes = badge.className.split(/\s+/);
  expect(classes).not.toContain('whitespace-nowrap');
  expect(classes).toContain('sm:whitespace-nowrap');
  expect(classes).toContain('max-w-full');
}

beforeAll(() => addCatalogue('pt', 'admin-operations', ptOperations));

describe('badges at 360 px', () => {
  it('lets "Prazo pausado (cancelada)" wrap inside a phone card', () => {
    const request = { status: 'cancelled', dueAt: '2026-01-02T00:00:00.000Z' };
    render(<DeadlineBadge request={request} now={Date.parse('2026-01-01T00:00:00.000Z')} />);
    expectWrapsOnPhone(screen.getByText('Prazo pausado (cancelada)'));
  });

  it('lets a status wrap inside a phone card', () => {
    render(<StatusBadge status="in_progress" />);
    expectWrapsOnPhone(screen.getByText('Em andamento'));
  });
});
