// Reply templates (issue 23, decision 0031): admins keep them, operators read them for the
// update form, and the update resolves one into the notes it keeps and the e-mail it sends.
import type { Language, RequestStatus } from '@acende/shared/enums';
import type { ReplyTemplate, ReplyTemplateValues } from '@acende/shared/schemas/reply-templates';
import type { AppDeps } from '../../app-deps.ts';
import { changedFields } from '../../core/audit/audit.diff.ts';
import { type AuditActor, recordAudit } from '../../core/audit/audit.repository.ts';
import type { Db } from '../../db/database.ts';
import { iso } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import {
  deleteTemplate,
  findTemplate,
  insertTemplate,
  listTemplates,
  updateTemplate,
} from './reply-templates.repository.ts';

type Row = NonNullable<Awaited<ReturnType<typeof findTemplate>>>;

const toTemplate = (row: Row): ReplyTemplate => ({ ...row, status: row.status as RequestStatus });

/** What the audit log keeps of a template. */
const audited = (row: Pick<Row, 'name' | 'status' | 'textPt' | 'textEn'>) => ({
  name: row.name,
  status: row.status,
  textPt: row.textPt,
  textEn: row.textEn,
});

export async function listReplyTemplates(deps: AppDeps, status?: RequestStatus): Promise<ReplyTemplate[]> {
  return (await listTemplates(deps.db, status)).map(toTemplate);
}

async function readTemplate(deps: AppDeps, id: number): Promise<ReplyTemplate> {
  const row = await findTemplate(deps.db, id);
  if (!row) throw notFound('admin-templates.errors.replyTemplateNotFound');
  return toTemplate(row);
}

export async function createReplyTemplate(
  deps: AppDeps,
  input: ReplyTemplateValues,
  actor: AuditActor,
): Promise<ReplyTemplate> {
  const now = iso(deps.clock);
  const id = await deps.db.transaction().execute(async (trx) => {
    const newId = await insertTemplate(trx, { ...input, createdAt: now, updatedAt: now });
    await recordAudit(
      trx,
      actor,
      { kind: 'template.create', objectType: 'template', objectId: newId, after: audited(input) },
      now,
    );
    return newId;
  });
  return readTemplate(deps, id);
}

export async function updateReplyTemplate(
  deps: AppDeps,
  id: number,
  input: ReplyTemplateValues,
  actor: AuditActor,
): Promise<ReplyTemplate> {
  const now = iso(deps.clock);
  await deps.db.transaction().execute(async (trx) => {
    const existing = await findTemplate(trx, id);
    if (!existing || !(await updateTemplate(trx, id, { ...input, updatedAt: now }))) {
      throw notFound('admin-templates.errors.replyTemplateNotFound');
    }
    const change = changedFields(audited(existing), audited(input));
    await recordAudit(
      trx,
      actor,
      {
        kind: 'template.update',
        objectType: 'template',
        objectId: id,
        before: change.before,
        after: change.after,
      },
      now,
    );
  });
  return readTemplate(deps, id);
}

export async function deleteReplyTemplate(deps: AppDeps, id: number, actor: AuditActor): Promise<void> {
  const now = iso(deps.clock);
  await deps.db.transaction().execute(async (trx) => {
    const existing = await findTemplate(trx, id);
    if (!existing || !(await deleteTemplate(trx, id))) throw notFound('admin-templates.errors.replyTemplateNotFound');
    await recordAudit(
      trx,
      actor,
      { kind: 'template.delete', objectType: 'template', objectId: id, before: audited(existing) },
      now,
    );
  });
}

/**
 * The notes an update keeps and the one its e-mail carries when it names a template
 * (decision 0031). The template must exist and be of the update's status (a 400 otherwise,
 * before anything is written). History keeps the operator's notes as sent (the form fills
 * them with the template's text in the screen's language), or, sent blank, the citizen's
 * text. The e-mail carries the template's text in the citizen's language, unless the
 * operator changed the text after picking it: then their words are what was meant.
 */
export async function resolveTemplateNotes(
  db: Db,
  templateId: number,
  status: RequestStatus,
  notes: string | null,
  citizenLanguage: Language,
): Promise<{ historyNotes: string; emailNotes: string; templateId: number }> {
  const template = await findTemplate(db, templateId);
  if (!template) {
    throw new AppError('admin-templates.validation.replyTemplate.invalid', 400, undefined, {
      templateId: 'admin-templates.validation.replyTemplate.invalid',
    });
  }
  if (template.status !== status) {
    throw new AppError('admin-templates.validation.replyTemplate.wrongStatus', 400, undefined, {
      templateId: 'admin-templates.validation.replyTemplate.wrongStatus',
    });
  }
  const citizenText = citizenLanguage === 'en' ? template.textEn : template.textPt;
  const edited = notes !== null && notes !== template.textPt.trim() && notes !== template.textEn.trim();
  return {
    historyNotes: notes ?? citizenText,
    emailNotes: edited ? notes : citizenText,
    templateId: template.id,
  };
}
