import { beforeEach, describe, expect, it } from 'vitest';
import { emptyWizard, loadWizard, submissionKey, toCreateInput, WIZARD_STORAGE_KEY } from './wizard-state.ts';

beforeEach(() => sessionStorage.clear());

describe('wizard state', () => {
  it('reuses the Idempotency-Key for a retry and makes a new one when the payload changed', () => {
    const input = toCreateInput({ ...emptyWizard, contact: { name: '', email: '', phone: '51 99999-0000' } });
    let n = 0;
    const make = () => `key-${++n}`;
    const first = submissionKey(null, input, make);
    expect(first.key).toBe('key-1');
    expect(submissionKey(first, { ...input }, make)).toBe(first);
    expect(submissionKey(first, { ...input, phone: '51 3333-0000' }, make).key).toBe('key-2');
  });

  it('sends coordinates as text', () => {
    const input = toCreateInput({
      ...emptyWizard,
      location: { ...emptyWizard.location, latitude: -30.5, longitude: -51.25, address: 'Rua' },
    });
    expect(input).toMatchObject({ latitude: '-30.5', longitude: '-51.25', address: 'Rua' });
  });

  it('names the chosen pole by its id, and sends no pole field without one (its fingerprint unchanged)', () => {
    const pole = {
      id: 12,
      companyId: 1,
      number: 'PA-0042',
      latitude: -30.03,
      longitude: -51.23,
      companyName: 'CEEE',
      street: null,
      openRequestId: null,
    };
    expect(toCreateInput({ ...emptyWizard, company: '1', pole })).toMatchObject({ company: '1', pole: '12' });
    expect('pole' in toCreateInput(emptyWizard)).toBe(false);
  });

  it('restores what session storage holds and ignores what it cannot read', () => {
    sessionStorage.setItem(WIZARD_STORAGE_KEY, JSON.stringify({ step: 2, contact: { phone: '123' } }));
    expect(loadWizard()).toMatchObject({ step: 2, contact: { name: '', email: '', phone: '123' } });
    sessionStorage.setItem(WIZARD_STORAGE_KEY, '{broken');
    expect(loadWizard()).toEqual(emptyWizard);
  });
});
