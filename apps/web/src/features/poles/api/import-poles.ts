// POST /api/admin/poles/import/preview and /api/admin/poles/import with the file as the body.
// XMLHttpRequest rather than fetch: it reports the upload's progress, and its download
// progress hands over the import's NDJSON lines as they arrive.
import type {
  PoleImportPreview,
  PoleImportRejected,
  PoleImportResult,
  PoleImportStreamLine,
} from '@acende/shared/schemas/poles-import';
import { ApiError } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

/** The Content-Type the API reads a file as, by its name first (Windows calls a .csv "application/vnd.ms-excel"). */
export function fileContentType(file: File): string {
  const name = file.name.toLowerCase();
  if (name.endsWith('.geojson') || name.endsWith('.json')) return 'application/geo+json';
  if (name.endsWith('.csv') || name.endsWith('.txt')) return 'text/csv';
  if (file.type.includes('json')) return 'application/geo+json';
  return 'text/csv';
}

interface SendOptions {
  /** Share of the file sent, 0 to 1. */
  onUpload?: (sent: number) => void;
  /** The whole file has been sent; the server is reading it. */
  onUploaded?: () => void;
  /** Each complete NDJSON line of the answer. */
  onLine?: (line: PoleImportStreamLine) => void;
  stream?: boolean;
}

function send(path: string, companyId: number, file: File, options: SendOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${path}?companyId=${companyId}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', fileContentType(file));
    xhr.setRequestHeader('Accept', options.stream ? 'application/x-ndjson' : 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onUpload?.(event.loaded / event.total);
    };
    xhr.upload.onload = () => options.onUploaded?.();
    let read = 0;
    const readLines = () => {
      if (!options.onLine || xhr.status !== 200) return;
      const text = xhr.responseText;
      const end = text.lastIndexOf('\n') + 1;
      if (end <= read) return;
      for (const line of text.slice(read, end).split('\n')) {
        if (line.trim()) options.onLine(JSON.parse(line) as PoleImportStreamLine);
      }
      read = end;
    };
    xhr.onprogress = readLines;
    xhr.onload = () => {
      readLines();
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(xhr.responseText);
        return;
      }
      let parsed: { message?: string; errors?: unknown } | undefined;
      try {
        parsed = JSON.parse(xhr.responseText);
      } catch {
        parsed = undefined;
      }
      const fieldErrors =
        parsed?.errors && !Array.isArray(parsed.errors) ? (parsed.errors as Record<string, string>) : undefined;
      reject(new ApiError(xhr.status, xhr.responseText || xhr.statusText, parsed?.message, fieldErrors));
    };
    xhr.onerror = () => reject(new ApiError(0, 'network error', undefined, undefined));
    xhr.send(file);
  });
}

export async function previewPoleImport(
  companyId: number,
  file: File,
  options: Pick<SendOptions, 'onUpload' | 'onUploaded'> = {},
): Promise<PoleImportPreview> {
  return JSON.parse(await send('/api/admin/poles/import/preview', companyId, file, options)) as PoleImportPreview;
}

export type PoleImportOutcome =
  | { kind: 'done'; result: PoleImportResult }
  /** The write failed after it started: the transaction rolled back, nothing was written. */
  | { kind: 'failed'; message: string }
  /** The answer stopped before its last line: the server decides alone whether it committed. */
  | { kind: 'unknown' };

/** Imports the file, streaming progress; a 422 (row errors) rejects with an ApiError whose body is a PoleImportRejected. */
export async function importPoles(
  companyId: number,
  file: File,
  options: Pick<SendOptions, 'onUpload' | 'onUploaded'> & { onWriting?: (done: number, total: number) => void },
): Promise<PoleImportOutcome> {
  let outcome: PoleImportOutcome | undefined;
  let uploaded = false;
  try {
    await send('/api/admin/poles/import', companyId, file, {
      ...options,
      onUploaded: () => {
        uploaded = true;
        options.onUploaded?.();
      },
      stream: true,
      onLine: (line) => {
        if ('phase' in line) options.onWriting?.(line.done, line.total);
        else if ('result' in line) outcome = { kind: 'done', result: line.result };
        else outcome = { kind: 'failed', message: line.error.message };
      },
    });
  } catch (error) {
    // The network failed once the whole file was with the server: it may have imported it.
    if (error instanceof ApiError && error.status === 0 && uploaded) return { kind: 'unknown' };
    throw error;
  }
  // Only a result line says the transaction committed, only an error line that it did not.
  return outcome ?? { kind: 'unknown' };
}

/** The row errors of a refused import (422), or undefined for any other failure. */
export function rejectedRows(error: unknown): PoleImportRejected | undefined {
  if (!(error instanceof ApiError) || error.status !== 422) return undefined;
  try {
    return JSON.parse(error.bodyText) as PoleImportRejected;
  } catch {
    return undefined;
  }
}
