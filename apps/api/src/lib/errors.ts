// The one error type a service throws. `code` is a catalogue key (errors.*), turned
// into the reader's language by the error handler; `params` fill its placeholders.
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    readonly params?: Record<string, unknown>,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const notFound = (code = 'errors.notFound') => new AppError(code, 404);
export const badRequest = (code: string, fieldErrors?: Record<string, string>) =>
  new AppError(code, 400, undefined, fieldErrors);
export const conflict = (code: string) => new AppError(code, 409);
export const forbidden = (code = 'errors.forbidden') => new AppError(code, 403);
export const unauthorized = (code = 'errors.unauthorized') => new AppError(code, 401);
