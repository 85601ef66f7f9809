// /open311/v2 (issues 25 and 38, decisions 0038 and 0064): GeoReport v2 in .json and .xml, and
// FixMyStreet's servicerequestupdates. The routes live in their own Fastify scope: form-encoded
// bodies (the spec's POST), and every error, including validation, limits and unknown paths,
// written as the spec's error list in the asked format.
// Fastify's document leaves them out (they validate by hand); open311.openapi.ts describes them.
import type { Language } from '@acende/shared/enums';
import { translate } from '@acende/shared/i18n/catalogues';
import { languageFromHeader } from '@acende/shared/i18n/translate';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { isDatabaseError } from '../../db/errors.ts';
import { AppError } from '../../lib/errors.ts';
import { requestLanguage } from '../../lib/language.ts';
import { fastifyClientError } from '../../plugins/errors.ts';
import { type Format, isFormat, sendOpen311, sendOpen311Errors } from './open311.format.ts';
import {
  discoveryDocument,
  getServiceRequest,
  listServiceRequests,
  listServices,
  open311FieldName,
  serviceDefinition,
} from './open311.service.ts';
import { postServiceRequest } from './open311-post.service.ts';
import { listServiceRequestUpdates, serviceRequestOfToken } from './open311-updates.service.ts';

export const OPEN311_PREFIX = '/open311/v2';

type Params = { format?: string; code?: string; id?: string; token?: string };
type Fields = Record<string, unknown>;

/** The asked format: the path's suffix; XML (the spec's required format) when it names none we know. */
function formatOf(request: FastifyRequest): Format {
  const param = (request.params as Params | undefined)?.format;
  if (isFormat(param)) return param;
  return /\.json$/i.test(request.url.split('?')[0] ?? '') ? 'json' : 'xml';
}

/** `locale` (en, en_US, pt-BR…) when given, else Accept-Language; Portuguese by default. */
function languageOf(request: FastifyRequest): Language {
  const fromQuery = (request.query as Fields | undefined)?.locale;
  const fromBody = request.body && typeof request.body === 'object' ? (request.body as Fields).locale : undefined;
  const locale = typeof fromQuery === 'string' ? fromQuery : typeof fromBody === 'string' ? fromBody : undefined;
  return locale ? languageFromHeader(locale.replaceAll('_', '-').slice(0, 35)) : requestLanguage(request);
}

/** The format of a route's answer, refusing one GeoReport does not define. */
function askedFormat(request: FastifyRequest): Format {
  const param = (request.params as Params).format;
  if (!isFormat(param)) throw new AppError('admin-open311.open311.error.format', 404);
  return param;
}

function sendError(deps: AppDeps, request: FastifyRequest, reply: FastifyReply, error: unknown) {
  const format = formatOf(request);
  const language = languageOf(request);
  if (error instanceof AppError) {
    const descriptions = error.fieldErrors
      ? Object.entries(error.fieldErrors).map(([field, key]) =>
          translate(language, 'admin-open311.open311.error.field', {
            field: open311FieldName(field),
            message: translate(language, key),
          }),
        )
      : [translate(language, error.code, error.params)];
    if (error.status >= 500) request.log.error({ err: error }, 'service error');
    // The key's own limit (the service's) tells when to retry, as the route's limit does.
    const seconds = error.params?.seconds;
    if (error.status === 429 && typeof seconds === 'number') reply.header('retry-after', String(seconds));
    return sendOpen311Errors(reply, format, error.status, descriptions);
  }
  const client = fastifyClientError(request, error);
  if (client) {
    // The spec posts a form: the API's own 415 would ask for JSON alone.
    const key =
      client[1] === 'common.errors.unsupportedMediaType' ? 'admin-open311.open311.error.mediaType' : client[1];
    return sendOpen311Errors(reply, format, client[0], [translate(language, key)]);
  }
  if (isDatabaseError(error)) deps.metrics.databaseError();
  request.log.error({ err: error }, 'unhandled error');
  reply.header('x-request-id', request.id);
  return sendOpen311Errors(reply, format, 500, [translate(language, 'common.errors.internal')]);
}

export async function open311Routes(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  const { config } = deps;
  const read = {
    rateLimit: { name: 'open311-read', max: config.RATE_LIMIT_LOOKUP_MAX, timeWindow: config.RATE_LIMIT_WINDOW_MS },
  };
  const hidden = { hide: true };

  // The spec's POST is form-encoded; fields after the first of a name are ignored.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    const fields: Record<string, string> = Object.create(null);
    for (const [name, value] of new URLSearchParams(body as string)) if (!(name in fields)) fields[name] = value;
    done(null, fields);
  });
  app.setErrorHandler((error, request, reply) => sendError(deps, request, reply, error));
  app.setNotFoundHandler((request, reply) =>
    sendError(deps, request, reply, new AppError('admin-open311.open311.error.notFound', 404)),
  );

  app.get('/discovery.:format', { config: read, schema: hidden }, async (request, reply) =>
    sendOpen311(reply, askedFormat(request), 200, discoveryDocument(deps, languageOf(request)), {
      root: 'discovery',
    }),
  );

  app.get('/services.:format', { config: read, schema: hidden }, async (request, reply) =>
    sendOpen311(reply, askedFormat(request), 200, listServices(languageOf(request)), {
      root: 'services',
      item: 'service',
    }),
  );

  app.get('/services/:code.:format', { config: read, schema: hidden }, async (request, reply) => {
    const format = askedFormat(request);
    const definition = await serviceDefinition(deps, (request.params as Params).code ?? '', languageOf(request));
    return sendOpen311(reply, format, 200, definition, { root: 'service_definition' });
  });

  app.get('/requests.:format', { config: read, schema: hidden }, async (request, reply) => {
    const format = askedFormat(request);
    const requests = await listServiceRequests(deps, request.query as Fields, languageOf(request));
    return sendOpen311(reply, format, 200, requests, { root: 'service_requests', item: 'request' });
  });

  app.get('/requests/:id.:format', { config: read, schema: hidden }, async (request, reply) => {
    const format = askedFormat(request);
    const found = await getServiceRequest(deps, (request.params as Params).id ?? '', languageOf(request));
    return sendOpen311(reply, format, 200, found, { root: 'service_requests', item: 'request' });
  });

  // FixMyStreet's extension (decision 0064): the status changes of a date span, as its client parses them.
  app.get('/servicerequestupdates.:format', { config: read, schema: hidden }, async (request, reply) => {
    const format = askedFormat(request);
    const updates = await listServiceRequestUpdates(deps, request.query as Fields, languageOf(request));
    return sendOpen311(reply, format, 200, updates, { root: 'service_requests_updates', item: 'request_update' });
  });

  app.get('/tokens/:token.:format', { config: read, schema: hidden }, async (request, reply) => {
    const format = askedFormat(request);
    const found = await serviceRequestOfToken(deps, (request.params as Params).token ?? '');
    return sendOpen311(reply, format, 200, found, { root: 'service_requests', item: 'request' });
  });

  app.post(
    '/requests.:format',
    {
      config: {
        rateLimit: {
          name: 'open311-filing',
          max: config.RATE_LIMIT_OPEN311_MAX,
          timeWindow: config.RATE_LIMIT_WINDOW_MS,
        },
      },
      schema: hidden,
    },
    async (request, reply) => {
      const format = askedFormat(request);
      const body = request.body && typeof request.body === 'object' ? (request.body as Fields) : {};
      const idempotencyKey = request.headers['idempotency-key'];
      const created = await postServiceRequest(
        deps,
        body,
        request.query as Fields,
        languageOf(request),
        typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
      );
      return sendOpen311(reply, format, 201, created, { root: 'service_requests', item: 'request' });
    },
  );
}
