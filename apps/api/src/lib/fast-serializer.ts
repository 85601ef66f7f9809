// Fastify's fast serialiser for the public hot path (issue 10). The type provider's own
// serialiser re-validates each answer with zod and then calls JSON.stringify; a route that
// sets `serializerCompiler: fastSerializer` keeps its zod schemas (validation, OpenAPI) but
// writes answers with fast-json-stringify compiled from the same schemas' JSON Schema.

import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

export const fastSerializer: FastifySerializerCompiler<unknown> = ({ schema }) =>
  fastJson(
    z.toJSONSchema(schema as z.ZodType, { target: 'draft-7', io: 'output', unrepresentable: 'any' }) as Parameters<
      typeof fastJson
    >[0],
  );
