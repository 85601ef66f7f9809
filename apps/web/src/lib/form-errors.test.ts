import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import { applyServerErrors } from './form-errors.ts';

const refused = (errors: Record<string, string> | undefined) =>
  new ApiError(400, JSON.stringify({ message: 'x', errors }), 'x', errors);

describe('applyServerErrors', () => {
  it('sets every field error on its field and names the fields it set', () => {
    const setError = vi.fn();
    const applied = applyServerErrors(refused({ name: 'Em uso', email: 'Inválido' }), setError);
    expect(setError.mock.calls).toEqual([
      ['name', { message: 'Em uso' }],
      ['email', { message: 'Inválido' }],
    ]);
    expect(applied).toEqual(['name', 'email']);
  });

  it('keeps only the listed fields', () => {
    const setError = vi.fn();
    expect(applyServerErrors(refused({ name: 'Em uso', id: 'Outro' }), setError, ['name'])).toEqual(['name']);
    expect(setError).toHaveBeenCalledTimes(1);
  });

  it('renames a server path to the form field a map gives, and drops the rest', () => {
    const setError = vi.fn();
    const applied = applyServerErrors(refused({ 'settings.auth.pass': 'Informe', host: 'x' }), setError, {
      'settings.auth.pass': 'auth.pass',
    });
    expect(setError.mock.calls).toEqual([['auth.pass', { message: 'Informe' }]]);
    expect(applied).toEqual(['auth.pass']);
  });

  it('sets nothing for an answer without field errors or an error that is no ApiError', () => {
    const setError = vi.fn();
    expect(applyServerErrors(refused(undefined), setError)).toEqual([]);
    expect(applyServerErrors(new Error('offline'), setError)).toEqual([]);
    expect(setError).not.toHaveBeenCalled();
  });
});
