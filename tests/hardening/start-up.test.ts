// Decision 0055: what only some requests need (PDFs, QR codes, photos, e-mail, readable logs,
// CSV import, Open311's XML, metrics, SVG logos, Redis) is loaded by the first request that
// needs it, not by every start of the built server. The bundle keeps npm packages external, so
// a package the server loads at start-up is an `import … from "name"` at the top of main.js.
// That the lazily loaded ones work is what the exports, photos, e-mail and fuzzing files prove.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { assertBuilt, MAIN } from '../support/built-server.ts';

const ON_USE = [
  'fast-xml-parser',
  'file-type',
  'ioredis',
  'jsdom',
  'nodemailer',
  'papaparse',
  'pdfkit',
  'pino-pretty',
  'prom-client',
  'qrcode',
  'sharp',
];

describe('the built server at start-up', () => {
  it('imports none of the dependencies loaded on use', () => {
    assertBuilt();
    const bundle = readFileSync(MAIN, 'utf8');
    const imported = [...bundle.matchAll(/^import\s[^;]*?\bfrom\s*"([^"]+)"/gm)].map((match) => match[1]);
    // The pattern finds the static imports there are: the server's own framework and database.
    expect(imported).toEqual(expect.arrayContaining(['fastify', 'kysely', 'better-sqlite3', 'pg']));
    expect(imported.filter((name) => ON_USE.includes(name as string))).toEqual([]);
  });
});
