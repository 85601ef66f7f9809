import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { changePasswordFormSchema } from './auth.ts';
import { completePasswordResetFormSchema } from './password-reset.ts';

const issues = (schema: z.ZodMiniType, value: unknown) => {
  const parsed = z.safeParse(schema, value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe.each([
  ['change password', changePasswordFormSchema, { currentPassword: 'old-secret' }],
  ['complete reset', completePasswordResetFormSchema, { token: 'a-token' }],
])('the %s form', (_, schema, rest) => {
  it('takes a confirmation equal to the new password', () => {
    expect(issues(schema, { ...rest, newPassword: 'Nova-senha-1', confirmPassword: 'Nova-senha-1' })).toEqual([]);
  });

  it('puts a mismatch on the confirmation', () => {
    expect(issues(schema, { ...rest, newPassword: 'Nova-senha-1', confirmPassword: 'Nova-senha-2' })).toEqual([
      ['confirmPassword', 'common.validation.password.mismatch'],
    ]);
  });

  it('asks for a missing confirmation once, without a mismatch', () => {
    expect(issues(schema, { ...rest, newPassword: 'Nova-senha-1', confirmPassword: '' })).toEqual([
      ['confirmPassword', 'common.validation.password.confirmRequired'],
    ]);
  });
});
