import type { Db } from '../../db/database.ts';
import type { ReplyTemplatesTable } from '../../db/schema.service.ts';

const COLUMNS = ['id', 'name', 'status', 'textPt', 'textEn', 'createdAt', 'updatedAt'] as const;

type Values = Pick<ReplyTemplatesTable, 'name' | 'status' | 'textPt' | 'textEn' | 'updatedAt'>;

/** Every template, or one status's, by status then name. */
export function listTemplates(db: Db, status?: string) {
  let query = db.selectFrom('replyTemplates').select(COLUMNS);
  if (status !== undefined) query = query.where('status', '=', status);
  return query.orderBy('status').orderBy('name').orderBy('id').execute();
}

export function findTemplate(db: Db, id: number) {
  return db.selectFrom('replyTemplates').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function insertTemplate(db: Db, values: Values & { createdAt: string }): Promise<number> {
  const row = await db.insertInto('replyTemplates').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTemplate(db: Db, id: number, values: Values): Promise<boolean> {
  const result = await db.updateTable('replyTemplates').set(values).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteTemplate(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('replyTemplates').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
