// The open-data feed (issue 25, decision 0039): every request without personal data, as CSV
// (RFC 4180) or GeoJSON (RFC 7946), written a keyset page at a time as the reader takes it,
// with a version (weak ETag, Last-Modified) that changes whenever a written field can.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { OPEN_DATA_COLUMNS, type OpenDataColumn, roundCoordinate } from '@acende/shared/open-data';
import { LRUCache } from 'lru-cache';
import { csvLine, textCell } from '../../core/csv.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  type OpenDataRow,
  type OpenDataVersion,
  readCompanyNames,
  readOpenDataPage,
  readOpenDataVersion,
} from './open-data.repository.ts';

export type OpenDataFormat = 'csv' | 'geojson';

/** Bumped when the files' layout changes, so caches holding the old layout let it go (2: the rating column). */
const LAYOUT = 2;
/** Rows per keyset page: a few milliseconds of synchronous SQLite, then the event loop's turn. */
export const OPEN_DATA_PAGE_ROWS = 1000;

export interface OpenDataFile {
  etag: string;
  /** For Last-Modified; null on an empty database. */
  lastModified: Date | null;
  /**
   * Whether the file has a Last-Modified at all, sent and compared: not while an area is still
   * to be filled in, as the retry worker changes a row without moving its updated_at (the ETag
   * counts them), nor while the second of the last change is still running, as a later change
   * in that second would carry the same Last-Modified. A date handed out while either holds
   * would answer 304 to the file it stands for after the change (HTTP dates are whole seconds).
   */
  datesAreExact: boolean;
  version: OpenDataVersion;
  /** Company names as the version was read: every file of a version names them alike. */
  companies: Map<number, string>;
}

interface Snapshot {
  version: OpenDataVersion;
  companies: Map<number, string>;
  readAt: number;
}

/** Whether the whole second of `change` (ISO text) had passed when the version was read. */
function secondIsOver(change: string | null, readAt: number): boolean {
  return change === null || Math.floor(Date.parse(change) / 1000) < Math.floor(readAt / 1000);
}

/** How long an instance reuses the version it read: the files are cached for minutes anyway. */
export const OPEN_DATA_VERSION_TTL_MS = 1000;

/**
 * The feed's version, read at most once per `ttlMs` by this instance (concurrent callers share
 * the read), so a file's first byte and a 304 usually cost no query at all (decision 0039).
 */
export function createOpenDataVersions(db: Db, clock: Clock, ttlMs = OPEN_DATA_VERSION_TTL_MS) {
  let last: Promise<Snapshot> | null = null;
  const read = async (): Promise<Snapshot> => {
    const readAt = clock.now().getTime();
    const [version, companies] = await Promise.all([readOpenDataVersion(db), readCompanyNames(db)]);
    return { version, companies, readAt };
  };
  return async function describeOpenData(format: OpenDataFormat): Promise<OpenDataFile> {
    const now = clock.now().getTime();
    let snapshot = last ? await last : null;
    if (!snapshot || now - snapshot.readAt >= ttlMs || now < snapshot.readAt) {
      const reading = read();
      last = reading;
      // A failed read is not kept: the next caller tries again.
      reading.catch(() => {
        if (last === reading) last = null;
      });
      snapshot = await reading;
    }
    const { version, companies } = snapshot;
    const hash = createHash('sha256')
      .update(
        JSON.stringify([LAYOUT, format, version.maxId, version.lastChange, version.pendingAreas, version.changes]),
      )
      .digest('base64url')
      .slice(0, 27);
    return {
      etag: `W/"${hash}"`,
      lastModified: version.lastChange ? new Date(version.lastChange) : null,
      datesAreExact: version.pendingAreas === 0 && secondIsOver(version.lastChange, snapshot.readAt),
      version,
      companies,
    };
  };
}

/** The pages of requests after `after` up to `upToId`, each read when the previous one has been taken. */
export async function* openDataPages(db: Db, upToId: number, pageRows = OPEN_DATA_PAGE_ROWS, afterId = 0) {
  let after = afterId;
  for (;;) {
    const rows = await readOpenDataPage(db, after, upToId, pageRows);
    if (rows.length > 0) yield rows;
    if (rows.length < pageRows) return;
    after = (rows.at(-1) as OpenDataRow).id;
    // better-sqlite3 reads synchronously: a turn between pages lets other requests in.
    await nextTurn();
  }
}

interface Cells {
  problemType: string;
  status: string;
  company: string;
  district: string;
  city: string;
  latitude: string;
  longitude: string;
  createdAt: string;
  closedAt: string;
  duplicateOf: string;
  rating: string;
}

function cellsOf(row: OpenDataRow, companies: Map<number, string>): Cells {
  return {
    problemType: row.problemType,
    status: row.status,
    company: companies.get(row.companyId) ?? '',
    district: row.district ?? '',
    city: row.city ?? '',
    latitude: roundCoordinate(row.latitude),
    longitude: roundCoordinate(row.longitude),
    createdAt: row.createdAt,
    closedAt: row.closedAt ?? '',
    duplicateOf: row.duplicateOfId === null ? '' : String(row.duplicateOfId),
    rating: row.rating === null ? '' : String(row.rating),
  };
}

function csvRow(id: number, c: Cells): string {
  // Free text a spreadsheet could run (names from the geocoder and the companies) is guarded.
  return csvLine(
    [
      String(id),
      c.problemType,
      c.status,
      textCell(c.company),
      textCell(c.district),
      textCell(c.city),
      c.latitude,
      c.longitude,
      c.createdAt,
      c.closedAt,
      c.duplicateOf,
      c.rating,
    ],
    ',',
  );
}

function geoJsonFeature(id: number, c: Cells): string {
  const nullable = (text: string) => (text === '' ? null : text);
  return JSON.stringify({
    type: 'Feature',
    id,
    // RFC 7946 §3.1.1: longitude first. The rounded text is a JSON number as it stands.
    geometry: { type: 'Point', coordinates: [Number(c.longitude), Number(c.latitude)] },
    properties: {
      id,
      problem_type: c.problemType,
      status: c.status,
      company: c.company,
      district: nullable(c.district),
      city: nullable(c.city),
      created_at: c.createdAt,
      closed_at: nullable(c.closedAt),
      duplicate_of: c.duplicateOf === '' ? null : Number(c.duplicateOf),
      rating: c.rating === '' ? null : Number(c.rating),
    } satisfies Record<Exclude<OpenDataColumn, 'latitude' | 'longitude'>, unknown>,
  });
}

/** One page in the file's encoding; `continues` when features were written before it (GeoJSON). */
function encodePage(format: OpenDataFormat, page: OpenDataRow[], companies: Map<number, string>, after: boolean) {
  let chunk = '';
  let continues = after;
  for (const row of page) {
    const cells = cellsOf(row, companies);
    if (format === 'csv') chunk += csvRow(row.id, cells);
    else {
      chunk += `${continues ? ',' : ''}\n${geoJsonFeature(row.id, cells)}`;
      continues = true;
    }
  }
  return chunk;
}

/** The file's opening bytes (header and first page) and where the rest of it starts. */
export interface OpenDataFirstChunk {
  bytes: Buffer;
  /** The number of the last request in `bytes` (0: none), the next page's keyset cursor. */
  after: number;
  /** Whether `bytes` hold every row of the version: only the GeoJSON close is left. */
  complete: boolean;
}

/** The header and the first page of the file of `file`'s version, encoded. */
export async function readOpenDataFirstChunk(
  db: Db,
  format: OpenDataFormat,
  file: OpenDataFile,
  pageRows = OPEN_DATA_PAGE_ROWS,
): Promise<OpenDataFirstChunk> {
  const page = await readOpenDataPage(db, 0, file.version.maxId, pageRows);
  const header = format === 'csv' ? csvLine([...OPEN_DATA_COLUMNS], ',') : '{"type":"FeatureCollection","features":[';
  return {
    bytes: Buffer.from(header + encodePage(format, page, file.companies, false), 'utf8'),
    after: page.at(-1)?.id ?? 0,
    complete: page.length < pageRows,
  };
}

/**
 * Each instance keeps the first chunk of the last few versions (decision 0039): keyed by the
 * ETag, which names the format and every figure the version is made of, so a change of data is
 * a new key, never a stale chunk, and instances holding the same key hold the same bytes.
 * Bounded by bytes; concurrent callers of a missing key share one read. `maxBytes` 0: no cache.
 */
export function createOpenDataFirstChunks(db: Db, maxBytes: number, pageRows = OPEN_DATA_PAGE_ROWS) {
  if (maxBytes <= 0) {
    return (format: OpenDataFormat, file: OpenDataFile) => readOpenDataFirstChunk(db, format, file, pageRows);
  }
  const cache = new LRUCache<string, OpenDataFirstChunk, { format: OpenDataFormat; file: OpenDataFile }>({
    maxSize: maxBytes,
    sizeCalculation: (chunk) => Math.max(1, chunk.bytes.length),
    fetchMethod: (_etag, _stale, { context }) => readOpenDataFirstChunk(db, context.format, context.file, pageRows),
  });
  return async (format: OpenDataFormat, file: OpenDataFile): Promise<OpenDataFirstChunk> => {
    const chunk = await cache.fetch(file.etag, { context: { format, file } });
    // A chunk larger than the whole cache is not kept, but it is still this caller's answer.
    return chunk ?? readOpenDataFirstChunk(db, format, file, pageRows);
  };
}

async function* openDataChunks(
  db: Db,
  format: OpenDataFormat,
  file: OpenDataFile,
  first: OpenDataFirstChunk,
  pageRows: number,
): AsyncGenerator<Buffer | string> {
  // Sent as it stands: the reader's first bytes wait for no query.
  yield first.bytes;
  if (!first.complete) {
    let continues = first.after > 0;
    for await (const page of openDataPages(db, file.version.maxId, pageRows, first.after)) {
      yield encodePage(format, page, file.companies, continues);
      continues = true;
    }
  }
  if (format === 'geojson') yield '\n]}\n';
}

/**
 * The file of `version` as a stream, from its first chunk (cached or just read): a page is
 * read only when the reader has taken the last one (highWaterMark 1), so memory holds about
 * two pages whatever the table's size.
 */
export function streamOpenData(
  db: Db,
  format: OpenDataFormat,
  file: OpenDataFile,
  first: OpenDataFirstChunk,
  pageRows = OPEN_DATA_PAGE_ROWS,
): Readable {
  return Readable.from(openDataChunks(db, format, file, first, pageRows), { highWaterMark: 1 });
}
