// A setup file of every suite that runs on both engines (the API project, the hardening and
// reliability suites): without PostgreSQL their PostgreSQL suites are never declared, so each
// file records one skipped test that says so, and a CI run (CI=true) fails on it
// (scripts/test-report.mjs, decision 0045). REQUIRE_POSTGRES=1 fails earlier, at import.
import { it } from 'vitest';
import { ENGINES, PG_ADMIN_URL } from './test-databases.ts';

if (!ENGINES.includes('postgres')) {
  it.skip(`[postgres] this file's PostgreSQL suites: PostgreSQL does not answer at ${new URL(PG_ADMIN_URL).host}`, () => {});
}
