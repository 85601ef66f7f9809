// The crew's phone (decision 0068): the day to work offline, its photos first, then the queue
// of actions. Only crew accounts pass (`auth: 'crew'`), each reaching its own crew's work.
import { errorResponseSchema } from '@acende/shared/schemas/api';
import {
  CREW_KEY_PATTERN,
  CREW_SYNC_MAX_ACTIONS,
  crewDayQuerySchema,
  crewDaySchema,
  crewSyncInputSchema,
  crewSyncResultSchema,
  photoUploadResultSchema,
} from '@acende/shared/schemas/crew';
import { PHOTO_MAX_BYTES, PHOTO_MAX_MB, PHOTO_UPLOAD_TYPES } from '@acende/shared/schemas/photos';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { actorOf } from '../../core/audit/audit.actor.ts';
import { AppError } from '../../lib/errors.ts';
import { requestLanguage } from '../../lib/language.ts';
import { sendError } from '../../plugins/errors.ts';
import { getCrewDay } from './crew-day.service.ts';
import { putCrewPhoto } from './crew-photos.service.ts';
import { syncCrewActions } from './crew-sync.service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const tooLarge = () => new AppError('public-photos.photos.errors.tooLarge', 413, { max: PHOTO_MAX_MB });
/**
 * The largest queue the schema takes: 100 actions of up to 1,000 characters of notes (up to 6
 * bytes each in JSON), 20 materials and 3 photo keys; the default limit (64 KB) refused a
 * valid queue, which the phone would then send again and again.
 */
const SYNC_BODY_LIMIT = CREW_SYNC_MAX_ACTIONS * 8 * 1024;
const photoParams = z.object({
  key: z.string().regex(CREW_KEY_PATTERN, 'field-work.validation.key'),
});

/** A declared length over the limit is refused before a byte of the body is read. */
function refuseLargeBody(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) {
  done(Number(request.headers['content-length'] ?? 0) > PHOTO_MAX_BYTES ? tooLarge() : undefined);
}

export const crewRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  // In this plugin only: a photo arrives as bytes, never parsed by its claimed type.
  app.addContentTypeParser(PHOTO_UPLOAD_TYPES, { parseAs: 'buffer', bodyLimit: PHOTO_MAX_BYTES }, (_r, raw, done) =>
    done(null, raw),
  );

  app.get(
    '/api/crew/day',
    {
      config: { auth: 'crew' },
      schema: {
        tags: ['crew'],
        summary:
          "The crew's work orders of a day with their stops, the company's materials and the other companies, to work offline",
        querystring: crewDayQuerySchema,
        response: { 200: crewDaySchema, ...errors },
      },
    },
    async (request) => getCrewDay(deps, request.admin!, request.query.day),
  );

  app.put(
    '/api/crew/photos/:key',
    {
      config: { auth: 'crew' },
      bodyLimit: PHOTO_MAX_BYTES,
      onRequest: refuseLargeBody,
      errorHandler: (error: FastifyError, request, reply) =>
        sendError(request, reply, error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? tooLarge() : error),
      schema: {
        tags: ['crew'],
        summary: `Upload a photo under the phone's key before the action naming it (JPEG, PNG, WebP, ${PHOTO_MAX_MB} MB): re-encoded as JPEG without metadata; the same key again answers the photo kept`,
        consumes: PHOTO_UPLOAD_TYPES,
        params: photoParams,
        response: { 200: photoUploadResultSchema, ...errors, 413: errorResponseSchema, 415: errorResponseSchema },
      },
    },
    async (request) => putCrewPhoto(deps, request.admin!, request.params.key, request.body as Buffer | undefined),
  );

  app.post(
    '/api/crew/sync',
    {
      config: { auth: 'crew' },
      bodyLimit: SYNC_BODY_LIMIT,
      schema: {
        tags: ['crew'],
        summary:
          "Apply the phone's queued actions in order, each once per key: applied, replayed, conflict (the request as it is now) or refused",
        body: crewSyncInputSchema,
        response: { 200: crewSyncResultSchema, ...errors },
      },
    },
    async (request) =>
      syncCrewActions(deps, request.admin!, request.body.actions, actorOf(request), requestLanguage(request)),
  );
};
