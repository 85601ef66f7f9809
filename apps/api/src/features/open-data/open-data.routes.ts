// The open-data feed (decision 0039): GET /api/open-data/requests.csv and .geojson, public,
// cacheable by a client and a CDN (weak ETag, Last-Modified, 304), streamed a page at a time.
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fresh from 'fresh';
import type { AppDeps } from '../../app-deps.ts';
import {
  createOpenDataFirstChunks,
  createOpenDataVersions,
  type OpenDataFormat,
  streamOpenData,
} from './open-data.service.ts';

const CONTENT_TYPES: Record<OpenDataFormat, string> = {
  csv: 'text/csv; charset=utf-8; header=present',
  geojson: 'application/geo+json',
};

/** Five minutes fresh, then a CDN may serve the old file for an hour while it fetches the new one. */
export const OPEN_DATA_CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=3600';

export const openDataRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { config } = deps;
  const describeOpenData = createOpenDataVersions(deps.db, deps.clock);
  const firstChunkOf = createOpenDataFirstChunks(deps.db, config.OPEN_DATA_FIRST_CHUNK_CACHE_BYTES);
  for (const format of ['csv', 'geojson'] as const) {
    app.get(
      `/api/open-data/requests.${format}`,
      {
        // Each whole file reads every request: a client takes a few per window (304s count too).
        config: {
          rateLimit: {
            name: 'open-data',
            max: config.RATE_LIMIT_OPEN_DATA_MAX,
            timeWindow: config.RATE_LIMIT_WINDOW_MS,
          },
        },
        schema: {
          tags: ['public'],
          summary:
            format === 'csv'
              ? 'Every repair request without personal data, as CSV (RFC 4180, UTF-8, streamed): number, problem, status, company, area, location rounded to 0.001°, dates'
              : 'Every repair request without personal data, as a GeoJSON FeatureCollection (RFC 7946, streamed)',
        },
      },
      async (request, reply) => {
        const file = await describeOpenData(format);
        const headers: Record<string, string> = {
          etag: file.etag,
          'cache-control': OPEN_DATA_CACHE_CONTROL,
        };
        // Only an exact date is handed out: a client revalidates later with the date it holds.
        if (file.lastModified && file.datesAreExact) headers['last-modified'] = file.lastModified.toUTCString();
        reply.headers(headers);
        if (fresh(request.headers, headers)) {
          return reply.code(304).send();
        }
        reply
          .header('content-type', CONTENT_TYPES[format])
          .header('content-disposition', `attachment; filename="acende-requests.${format}"`);
        // Fastify answers HEAD by draining the GET's stream: every page of the table, for nothing.
        if (request.method === 'HEAD') return reply.send(Readable.from([]));
        const first = await firstChunkOf(format, file);
        return reply.send(streamOpenData(deps.db, format, file, first));
      },
    );
  }
};
