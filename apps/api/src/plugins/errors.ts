// One error handler for the whole API: AppError, zod validation failures and
// Fastify's own errors become `{ message, errors? }` in the reader's language with
// the right status. Any 5xx carries a generic message and the request id; the
// detail goes to the log only.
import { translate } from '@acende/shared/i18n/catalogues';
import { isValidationKey, type MessageKey } from '@acende/shared/i18n/message-key';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseError, unavailability } from '../db/errors.ts';
import { AppError } from '../lib/errors.ts';
import { requestLanguage } from '../lib/language.ts';
import { type Metrics, noMetrics } from '../lib/metrics.ts';

interface ValidationIssue {
  instancePath: string;
  message: string;
  keyword: string;
  params: Record<string, unknown>;
}

const FASTIFY_CODES: Record<string, [number, MessageKey]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'common.errors.bodyTooLarge'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'common.errors.unsupportedMediaType'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'common.errors.invalidJson'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'common.errors.invalidJson'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'common.errors.invalidJson'],
};

/** AppErrors of a database away or full: one warning line each, no stack (docs/operations.md). */
const DATABASE_DOWN_CODES = new Set<string>(['common.errors.databaseUnavailable', 'common.errors.storageFull']);

function fieldName(issue: ValidationIssue, context: string | undefined): string {
  const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  return path || context || '_';
}

function translateIssue(language: 'pt' | 'en', issue: ValidationIssue): string {
  // The shared schemas' messages are catalogue keys, typed where they are written (msg);
  // zod's own messages (a check given none) are English sentences and become common.validation.invalid.
  const key = isValidationKey(issue.message) ? issue.message : 'common.validation.invalid';
  return translate(language, key, { max: issue.params.maximum });
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  const language = requestLanguage(request);

  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation as unknown as ValidationIssue[];
    const errors: Record<string, string> = {};
    for (const issue of issues) {
      const field = fieldName(issue, (error as { validationContext?: string }).validationContext);
      errors[field] ??= translateIssue(language, issue);
    }
    const first = Object.values(errors)[0] ?? translate(language, 'common.validation.invalid');
    return reply.code(400).send({ message: first, errors });
  }

  if (error instanceof AppError) {
    if (DATABASE_DOWN_CODES.has(error.code)) request.log.warn({ code: error.code }, 'database unavailable (503)');
    else if (error.status >= 500) request.log.error({ err: error }, 'service error');
    const errors = error.fieldErrors
      ? Object.fromEntries(Object.entries(error.fieldErrors).map(([f, key]) => [f, translate(language, key)]))
      : undefined;
    return reply.code(error.status).send({ message: translate(language, error.code, error.params), errors });
  }

  const client = fastifyClientError(request, error);
  if (client) return reply.code(client[0]).send({ message: translate(language, client[1]) });
  const down = unavailability(error);
  if (down) {
    // One line, no stack: the operator's alert is acende_database_up and this line (docs/operations.md).
    const code = (error as { code?: string }).code ?? (error as Error).message;
    request.log.warn({ code }, down === 'full' ? 'storage full: write refused (503)' : 'database unavailable (503)');
    return reply
      .code(503)
      .header('retry-after', down === 'full' ? '300' : '30')
      .send({
        message: translate(
          language,
          down === 'full' ? 'common.errors.storageFull' : 'common.errors.databaseUnavailable',
        ),
      });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({ message: translate(language, 'common.errors.internal'), requestId: request.id });
}

/**
 * Fastify's own errors that are the client's (a body too large or not JSON, a media type no
 * parser takes, any other 4xx) as their status and message; undefined for a server error.
 */
export function fastifyClientError(request: FastifyRequest, error: unknown): [number, MessageKey] | undefined {
  const fastifyError = error as FastifyError;
  const known = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (known) return known;
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) return [400, 'common.errors.invalidJson'];
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    request.log.info({ err: error }, 'client error');
    return [
      status,
      status === 404 ? 'common.errors.notFound' : status === 403 ? 'common.errors.forbidden' : 'common.errors.generic',
    ];
  }
  return undefined;
}

/** The handler of every route; a database's failure is also counted (acende_database_errors_total). */
export function registerErrorHandler(app: FastifyInstance, metrics: Metrics = noMetrics): void {
  app.setErrorHandler((error, request, reply) => {
    if (isDatabaseError(error)) metrics.databaseError();
    return sendError(request, reply, error);
  });
}
