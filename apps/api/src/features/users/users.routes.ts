import { errorResponseSchema } from '@acende/shared/schemas/api';
import { idParam } from '@acende/shared/schemas/fields';
import {
  createUserSchema,
  updateUserSchema,
  userListQuerySchema,
  userListSchema,
  userSchema,
} from '@acende/shared/schemas/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { actorOf } from '../../core/audit/audit.actor.ts';
import { hashToken } from '../../lib/tokens.ts';
import { startSession } from '../auth/auth.service.ts';
import { loadAdminBySession, sessionCookieName, sessionCookieOptions } from '../auth/sessions.service.ts';
import { createUser, getUser, listUsers, updateUser } from './users.service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
};

export const usersRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/api/admin/users',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin users'],
        summary: 'Administrator accounts, by username, paged',
        querystring: userListQuerySchema,
        response: { 200: userListSchema, ...errors },
      },
    },
    async (request) => listUsers(deps, request.query.page, request.query.pageSize),
  );

  app.get(
    '/api/admin/users/:id',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin users'],
        summary: 'One administrator account',
        params: z.object({ id: idParam }),
        response: { 200: userSchema, ...errors, 404: errorResponseSchema },
      },
    },
    async (request) => getUser(deps.db, request.params.id),
  );

  app.post(
    '/api/admin/users',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin users'],
        summary: 'Create an account (username unique, linked companies must exist)',
        body: createUserSchema,
        response: { 201: userSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createUser(deps, request.admin!, request.body, actorOf(request))),
  );

  app.put(
    '/api/admin/users/:id',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin users'],
        summary: 'Edit an account; a new password or deactivation ends its sessions',
        params: z.object({ id: idParam }),
        body: updateUserSchema,
        response: { 200: userSchema, ...errors, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const caller = request.admin!;
      const { user, callerSessionsEnded } = await updateUser(
        deps,
        caller,
        request.params.id,
        request.body,
        actorOf(request),
      );
      if (callerSessionsEnded) {
        // The caller set their own password here: like change-password, keep them signed in on a fresh id.
        const token = await startSession(deps, caller.id, {
          userAgent: request.headers['user-agent'] ?? null,
          ip: request.ip,
        });
        reply.setCookie(sessionCookieName(deps), token, sessionCookieOptions(deps));
        request.admin = await loadAdminBySession(deps, hashToken(token));
      } else if (user.id === caller.id) {
        request.admin = await loadAdminBySession(deps, caller.sessionHash);
      }
      return user;
    },
  );
};
