// The numbers a run prints at its end (requests under load, rows, crash survivors,
// fuzz cases): tests record them here; scripts/run-hardening.mjs prints them all.
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './built-server.ts';

export const NUMBERS_FILE = join(ROOT, 'test-results', 'hardening-numbers.txt');

export function record(line: string): void {
  mkdirSync(join(ROOT, 'test-results'), { recursive: true });
  appendFileSync(NUMBERS_FILE, `${line}\n`);
  console.log(`[numbers] ${line}`);
}
