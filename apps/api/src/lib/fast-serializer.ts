// Fastify's fast serialiser for the public hot path (issue 10). The type provider's own
// serialiser re-validates each answer with zod and then calls JSON.stringify; a route that
// sets `serializerCompiler: fastSerializer` keeps its zod schemas (validation, OpenAPI) but
// writes answers with fast-json-stringify compiled from the same schemas' JSON Schema.

import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

/** fast-json-stringify compiled from a zod schema's JSON Schema (what the route's answers are written with). */
export function compileFastSerializer(schema: z.core.$ZodType): (value: unknown) => string {
  return fastJson(
    z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' }) as Parameters<
      typeof fastJson
    >[0],
  );
}

export const fastSerializer: FastifySerializerCompiler<unknown> = ({ schema }) =>
  compileFastSerializer(schema as z.core.$ZodType);
