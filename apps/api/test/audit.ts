// Audit rows for API tests: every row, newest first.
import type { TestContext } from './engines.ts';

export async function auditRows(ctx: TestContext) {
  return ctx.db.selectFrom('auditLog').selectAll().orderBy('id', 'desc').execute();
}
