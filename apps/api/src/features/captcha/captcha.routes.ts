import { captchaSettingsSchema, captchaSettingsViewSchema, publicCaptchaSchema } from '@acende/shared/schemas/captcha';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { actorOf } from '../../core/audit/audit.actor.ts';
import {
  createAltchaChallenge,
  getCaptchaSettings,
  getPublicCaptcha,
  saveCaptchaSettings,
} from '../../core/captcha/captcha.service.ts';

export const captchaRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/api/captcha',
    {
      schema: {
        tags: ['public'],
        summary: 'What a form needs to show the captcha: enabled, provider, site key and a fresh challenge',
        response: { 200: publicCaptchaSchema },
      },
    },
    async () => getPublicCaptcha(deps),
  );

  app.get(
    '/api/captcha/challenge',
    { schema: { tags: ['public'], summary: 'A fresh ALTCHA challenge (the widget fetches one per attempt)' } },
    async () => createAltchaChallenge(deps),
  );

  app.get(
    '/api/admin/captcha-settings',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Captcha settings; the secret key is never returned',
        response: { 200: captchaSettingsViewSchema },
      },
    },
    async () => getCaptchaSettings(deps),
  );

  app.post(
    '/api/admin/captcha-settings',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Saves the captcha settings; the secret-key placeholder keeps the stored key',
        body: captchaSettingsSchema,
        response: { 200: captchaSettingsViewSchema },
      },
    },
    async (request) => saveCaptchaSettings(deps, request.body, actorOf(request)),
  );
};
