// The one error type a service throws. `code` is a catalogue key (errors.*), turned
// into the reader's language by the error handler; `params` fill its placeholders.
import type { MessageKey } from '@acende/shared/i18n/message-key';

export class AppError extends Error {
  constructor(
    readonly code: MessageKey,
    readonly status: number,
    readonly params?: Record<string, unknown>,
    readonly fieldErrors?: Record<string, MessageKey>,
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const notFound = (code: MessageKey = 'common.errors.notFound') => new AppError(code, 404);
export const badRequest = (code: MessageKey, fieldErrors?: Record<string, MessageKey>) =>
  new AppError(code, 400, undefined, fieldErrors);
export const conflict = (code: MessageKey) => new AppError(code, 409);
export const forbidden = (code: MessageKey = 'common.errors.forbidden') => new AppError(code, 403);
export const unauthorized = (code: MessageKey = 'common.errors.unauthorized') => new AppError(code, 401);
