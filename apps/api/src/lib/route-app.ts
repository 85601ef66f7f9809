// The Fastify instance a route plugin is given, typed by fastify-type-provider-zod: what a
// plugin hands to the helpers its routes are split into (one per audience or screen).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export type RouteApp = Parameters<FastifyPluginAsyncZod>[0];
