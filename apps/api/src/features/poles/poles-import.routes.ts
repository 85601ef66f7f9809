// Importing poles from a file (issue 21): a preview that writes nothing, and the import,
// which writes every row in one transaction or nothing. The file is the request body
// (text/csv or application/geo+json), read here as text so junk gets a 400, not a parser's 500.

import { PassThrough } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { translate } from '@acende/shared/i18n/catalogues';
import { errorResponseSchema } from '@acende/shared/schemas/api';
import { companyIdParam } from '@acende/shared/schemas/fields';
import {
  POLE_IMPORT_MAX_BYTES,
  POLE_IMPORT_MAX_MB,
  poleImportPreviewSchema,
  poleImportRejectedSchema,
  poleImportResultSchema,
} from '@acende/shared/schemas/poles-import';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { actorOf } from '../../core/audit/audit.actor.ts';
import { AppError } from '../../lib/errors.ts';
import { requestLanguage } from '../../lib/language.ts';
import { decodeUpload, looksBinary } from './poles-import.parse.ts';
import { checkPoleImport, describeRowErrors, previewOf, writePoleImport } from './poles-import.service.ts';

const FILE_TYPES = [
  'text/csv',
  'application/csv',
  'application/vnd.ms-excel',
  'application/geo+json',
  'application/json',
];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  413: errorResponseSchema,
  415: errorResponseSchema,
};
const querystring = z.object({ companyId: companyIdParam });
const body = z
  .optional(z.string())
  .describe(
    `The file, at most ${POLE_IMPORT_MAX_MB} MB: CSV (header numero|number, latitude|lat, longitude|lon|lng, optional rua|street, descricao|description, ativo|active; comma, semicolon or tab) or a GeoJSON FeatureCollection of Points with the same property names`,
  );

/** A declared length over the limit is refused before the body is read, with the limit named. */
function refuseLargeBody(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) {
  const length = Number(request.headers['content-length'] ?? 0);
  done(
    length > POLE_IMPORT_MAX_BYTES
      ? new AppError('admin-poles.poles.import.errors.tooLarge', 413, { max: POLE_IMPORT_MAX_MB })
      : undefined,
  );
}

export const polesImportRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  // In this plugin only: every file type arrives as text (JSON too: the service parses it
  // and answers a GeoJSON's faults in words). Bytes that are not UTF-8 are read as Windows-1252.
  // Binary junk is refused here, in words, before the API-wide check for NUL (a bare 'invalid').
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    FILE_TYPES,
    { parseAs: 'buffer', bodyLimit: POLE_IMPORT_MAX_BYTES },
    (_request, raw, done) => {
      const text = decodeUpload(raw as Buffer);
      if (looksBinary(text)) done(new AppError('admin-poles.poles.import.errors.binary', 400), undefined);
      else done(null, text);
    },
  );

  const check = (request: FastifyRequest<{ Querystring: { companyId: number }; Body: string | undefined }>) =>
    checkPoleImport(
      deps,
      request.admin as NonNullable<FastifyRequest['admin']>,
      request.query.companyId,
      request.body,
      request.headers['content-type'],
    );

  app.post(
    '/api/admin/poles/import/preview',
    {
      config: { auth: 'operator' },
      bodyLimit: POLE_IMPORT_MAX_BYTES,
      onRequest: refuseLargeBody,
      schema: {
        tags: ['admin poles'],
        summary:
          'Check a poles file for a company: counts (new, updated, unchanged), row errors, and each value it would store otherwise than the file writes it (adjustments); writes nothing',
        consumes: FILE_TYPES,
        querystring,
        body,
        response: { 200: poleImportPreviewSchema, ...errors },
      },
    },
    async (request) => previewOf(requestLanguage(request), await check(request)),
  );

  app.post(
    '/api/admin/poles/import',
    {
      config: { auth: 'operator' },
      bodyLimit: POLE_IMPORT_MAX_BYTES,
      onRequest: refuseLargeBody,
      schema: {
        tags: ['admin poles'],
        summary:
          'Import a poles file for a company: any row error is a 422 and nothing is written; otherwise one transaction upserts by (company, number). With Accept: application/x-ndjson the 200 answer streams {"phase":"writing","done","total"} lines, then {"result"} or {"error"} (nothing written)',
        consumes: FILE_TYPES,
        querystring,
        body,
        response: { 200: poleImportResultSchema, 422: poleImportRejectedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const language = requestLanguage(request);
      const checked = await check(request);
      if (checked.file.issueCount > 0) {
        return reply.code(422).send({
          message: translate(language, 'admin-poles.poles.import.errors.rowsInvalid', {
            count: checked.file.issueCount,
          }),
          errorCount: checked.file.issueCount,
          errors: describeRowErrors(language, checked),
        });
      }
      if (!(request.headers.accept ?? '').includes('application/x-ndjson'))
        return writePoleImport(deps, checked, actorOf(request));

      // Streamed: the status is sent now, so the last line says how it ended (the
      // transaction makes it all or nothing either way).
      const stream = new PassThrough();
      const line = (value: unknown) => stream.write(`${JSON.stringify(value)}\n`);
      reply.header('content-type', 'application/x-ndjson; charset=utf-8').header('cache-control', 'no-store');
      void (async () => {
        line({ phase: 'writing', done: 0, total: checked.writes.length });
        try {
          const result = await writePoleImport(deps, checked, actorOf(request), async (done, total) => {
            line({ phase: 'writing', done, total });
            // Lets the line leave before the next batch (better-sqlite3 never yields by itself).
            await nextTurn();
          });
          line({ result });
        } catch (error) {
          request.log.error({ err: error }, 'poles import failed');
          line({ error: { message: translate(language, 'admin-poles.poles.import.errors.writeFailed') } });
        }
        stream.end();
      })();
      // A stream is piped as it is, past the 200 schema (which describes the JSON answer).
      return reply.send(stream as never);
    },
  );
};
