// Photos on a repair request (issue 22, decision 0033). The citizen's upload is the raw image
// as the body (no multipart), read up to PHOTO_MAX_BYTES and no further; the images are served
// as JPEG re-encoded by the server, with nosniff and caching that fits who may see them.
import { errorResponseSchema } from '@acende/shared/schemas/api';
import { idParam } from '@acende/shared/schemas/fields';
import {
  PHOTO_MAX_BYTES,
  PHOTO_MAX_COUNT,
  PHOTO_MAX_MB,
  PHOTO_UPLOAD_TYPES,
  photoListSchema,
  photoSchema,
  photoSizes,
  publicPhotoListSchema,
  setPhotoPublicSchema,
} from '@acende/shared/schemas/photos';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { actorOf } from '../../core/audit/audit.actor.ts';
import { AppError } from '../../lib/errors.ts';
import { requestLanguage } from '../../lib/language.ts';
import type { RouteApp } from '../../lib/route-app.ts';
import { sendImage } from '../../lib/send-image.ts';
import { sendError } from '../../plugins/errors.ts';
import {
  addPhoto,
  exportRequestPhotosPdf,
  listPublicPhotos,
  listRequestPhotos,
  readPublicPhoto,
  readRequestPhoto,
  setRequestPhotoPublic,
} from './photos.service.ts';

const tooLarge = () => new AppError('public-photos.photos.errors.tooLarge', 413, { max: PHOTO_MAX_MB });
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const photoParams = z.object({ id: idParam, photoId: idParam });
const sizeQuery = z.object({ size: z.enum(photoSizes).default('full') });

/** A declared length over the limit is refused before a byte of the body is read. */
function refuseLargeBody(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) {
  done(Number(request.headers['content-length'] ?? 0) > PHOTO_MAX_BYTES ? tooLarge() : undefined);
}

export const photosRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  // In this plugin only: an image arrives as bytes, never parsed by its claimed type; a body
  // sent without a length stops at the limit (Fastify counts as it streams).
  app.addContentTypeParser(PHOTO_UPLOAD_TYPES, { parseAs: 'buffer', bodyLimit: PHOTO_MAX_BYTES }, (_r, raw, done) =>
    done(null, raw),
  );
  registerUploadRoute(app, deps);
  registerPublicPhotoRoutes(app, deps);
  registerAdminPhotoRoutes(app, deps);
};

/** The citizen's upload: the raw image as the body, read up to PHOTO_MAX_BYTES and no further. */
function registerUploadRoute(app: RouteApp, deps: AppDeps): void {
  const { config } = deps;

  app.post(
    '/api/repair-requests/:id/photos',
    {
      config: {
        rateLimit: {
          name: 'photos',
          max: config.RATE_LIMIT_CREATE_MAX * PHOTO_MAX_COUNT,
          timeWindow: config.RATE_LIMIT_WINDOW_MS,
        },
      },
      bodyLimit: PHOTO_MAX_BYTES,
      onRequest: refuseLargeBody,
      // The body's limit, met while streaming, answers in the photo's words.
      errorHandler: (error: FastifyError, request, reply) =>
        sendError(request, reply, error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? tooLarge() : error),
      schema: {
        tags: ['public'],
        summary: `Add a photo to a request (at most ${PHOTO_MAX_COUNT}, ${PHOTO_MAX_MB} MB each, within a day of filing): the body is the image (JPEG, PNG, WebP), ?t= the tracking token. The server re-encodes it as JPEG without metadata.`,
        consumes: PHOTO_UPLOAD_TYPES,
        params: z.object({ id: idParam }),
        querystring: z.object({ t: z.string().max(200).optional() }),
        response: {
          201: photoSchema,
          ...errors,
          409: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const photo = await addPhoto(deps, request.params.id, request.query.t, request.body as Buffer | undefined);
      return reply.code(201).send(photo);
    },
  );
}

/** The photos an operator has published, as the tracking page shows them. */
function registerPublicPhotoRoutes(app: RouteApp, deps: AppDeps): void {
  app.get(
    '/api/repair-requests/:id/photos',
    {
      schema: {
        tags: ['public'],
        summary: 'The photos of a request an operator has published (decision 19)',
        params: z.object({ id: idParam }),
        response: { 200: publicPhotoListSchema, ...errors },
      },
    },
    async (request) => listPublicPhotos(deps, request.params.id),
  );

  app.get(
    '/api/repair-requests/:id/photos/:photoId',
    {
      schema: {
        tags: ['public'],
        summary: 'A published photo (image/jpeg); an unpublished one is a 404',
        params: photoParams,
        querystring: sizeQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const bytes = await readPublicPhoto(deps, request.params.id, request.params.photoId, request.query.size);
      // Short: an operator may withdraw a photo, and a cache should not keep showing it.
      return sendImage(reply, bytes, 'public, max-age=60');
    },
  );
}

/** A request's photos for operators: published or not, one by one or as a PDF, and publishing. */
function registerAdminPhotoRoutes(app: RouteApp, deps: AppDeps): void {
  app.get(
    '/api/admin/repair-requests/:id/photos',
    {
      config: { auth: 'any' },
      schema: {
        tags: ['admin requests'],
        summary: "A request's photos, published or not",
        params: z.object({ id: idParam }),
        response: { 200: photoListSchema, ...errors },
      },
    },
    async (request) => listRequestPhotos(deps, request.admin!, request.params.id),
  );

  app.get(
    '/api/admin/repair-requests/:id/photos/:photoId',
    {
      config: { auth: 'any' },
      schema: {
        tags: ['admin requests'],
        summary: 'A photo of a request (image/jpeg), full size or thumbnail',
        params: photoParams,
        querystring: sizeQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const { id, photoId } = request.params;
      const bytes = await readRequestPhoto(deps, request.admin!, id, photoId, request.query.size);
      return sendImage(reply, bytes, 'private, max-age=300');
    },
  );

  app.get(
    '/api/admin/repair-requests/:id/photos.pdf',
    {
      config: { auth: 'any', export: true },
      schema: {
        tags: ['admin requests'],
        summary: "A request's photos, full size, as a PDF in the caller's language",
        params: z.object({ id: idParam }),
        response: errors,
      },
    },
    async (request, reply) => {
      const pdf = await exportRequestPhotosPdf(
        deps,
        request.admin!,
        actorOf(request),
        request.params.id,
        requestLanguage(request),
      );
      return (reply as FastifyReply)
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="solicitacao-${request.params.id}-fotos.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.patch(
    '/api/admin/repair-requests/:id/photos/:photoId',
    {
      config: { auth: 'operator' },
      schema: {
        tags: ['admin requests'],
        summary: 'Publish a photo on the public tracking page, or make it private again',
        params: photoParams,
        body: setPhotoPublicSchema,
        response: { 200: photoSchema, ...errors },
      },
    },
    async (request) =>
      setRequestPhotoPublic(
        deps,
        request.admin!,
        actorOf(request),
        request.params.id,
        request.params.photoId,
        request.body.isPublic,
      ),
  );
}
