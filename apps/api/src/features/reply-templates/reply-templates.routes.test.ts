// Reply templates (issue 23, decision 0031) on both engines: the admins' CRUD with its audit
// rows and its 4xx for bad input in both languages, who may read and write, and the update
// that names a template: the citizen's e-mail in the citizen's language, the history
// untouched by later edits, and nothing written when the template does not fit.
import { afterAll, beforeAll, expect } from 'vitest';
import { signedIn, type TestAccount } from '../../../test/accounts.ts';
import { auditRows } from '../../../test/audit.ts';
import { configureSmtp, drainOutbox, fileRequest } from '../../../test/email.ts';
import { describeEachEngine, it, type TestContext } from '../../../test/engines.ts';
import { type SmtpCapture, startSmtpCapture } from '../../../test/smtp-capture.ts';

const TEXT_PT = 'Equipe enviada: a lâmpada será trocada em até 48 horas.';
const TEXT_EN = 'A crew is on its way: the lamp will be replaced within 48 hours.';
const template = { name: 'Equipe a caminho', status: 'in_progress', textPt: TEXT_PT, textEn: TEXT_EN };

let mailCounter = 0;
const uniqueEmail = (tag: string) => `tpl-${tag}-${process.pid}-${++mailCounter}@example.com`;

describeEachEngine('reply templates', (ctx) => {
  let smtp: SmtpCapture;
  let admin: TestAccount;
  let operator: TestAccount;
  let viewer: TestAccount;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    admin = await configureSmtp(ctx(), smtp);
    operator = await signedIn(ctx(), { role: 'user' });
    viewer = await signedIn(ctx(), { role: 'viewer' });
  });
  afterAll(async () => {
    await smtp?.close();
  });

  const send = (account: TestAccount, method: string, url: string, payload?: unknown, language = 'pt') =>
    ctx().app.inject({
      method: method as 'GET',
      url,
      headers: { ...account.headers, 'accept-language': language },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const createTemplate = async (values: Record<string, unknown> = template) => {
    const res = await send(admin, 'POST', '/api/admin/reply-templates', values);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; updatedAt: string };
  };
  const detail = async (c: TestContext, id: number) =>
    (await c.app.inject({ url: `/api/admin/repair-requests/${id}`, headers: admin.headers })).json();

  it('lets an admin create, list by status, change and delete a template, one audit row each', async () => {
    const before = (await auditRows(ctx())).length;
    const created = await createTemplate({ ...template, name: '  Aguardando peça  ' });
    expect(created).toMatchObject({ name: 'Aguardando peça', status: 'in_progress', textPt: TEXT_PT, textEn: TEXT_EN });
    await createTemplate({ ...template, name: 'Concluído', status: 'completed', textPt: 'Feito.', textEn: 'Done.' });

    const inProgress = (await send(operator, 'GET', '/api/admin/reply-templates?status=in_progress')).json();
    expect(inProgress.map((t: { name: string }) => t.name)).toContain('Aguardando peça');
    expect(inProgress.every((t: { status: string }) => t.status === 'in_progress')).toBe(true);

    const changed = await send(admin, 'PUT', `/api/admin/reply-templates/${created.id}`, {
      ...template,
      name: 'Aguardando peça nova',
      textEn: 'Waiting for a part.',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Aguardando peça nova', textEn: 'Waiting for a part.' });

    const removed = await send(admin, 'DELETE', `/api/admin/reply-templates/${created.id}`);
    expect(removed.statusCode).toBe(204);
    const all = (await send(admin, 'GET', '/api/admin/reply-templates')).json();
    expect(all.some((t: { id: number }) => t.id === created.id)).toBe(false);

    const rows = (await auditRows(ctx())).slice(0, (await auditRows(ctx())).length - before);
    expect(rows.map((r) => r.kind).reverse()).toEqual([
      'template.create',
      'template.create',
      'template.update',
      'template.delete',
    ]);
    expect(JSON.parse(rows[1]?.after ?? '{}')).toEqual({ name: 'Aguardando peça nova', textEn: 'Waiting for a part.' });
    // The audit screen's kind filter finds them.
    const listed = await send(admin, 'GET', '/api/admin/audit?kind=template.');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().items.map((r: { kind: string }) => r.kind)).toContain('template.delete');
  });

  it('refuses bad input with a 400 in the reader language and changes nothing', async () => {
    const created = await createTemplate();
    const before = await auditRows(ctx());
    const blankEn = await send(admin, 'POST', '/api/admin/reply-templates', { ...template, textEn: '   ' });
    expect(blankEn.statusCode).toBe(400);
    expect(blankEn.json().errors.textEn).toBe('Informe o texto em inglês');
    const inEnglish = await send(admin, 'POST', '/api/admin/reply-templates', { ...template, textPt: '' }, 'en');
    expect(inEnglish.statusCode).toBe(400);
    expect(inEnglish.json().errors.textPt).toBe('Enter the Portuguese text');
    const tooLong = await send(admin, 'PUT', `/api/admin/reply-templates/${created.id}`, {
      ...template,
      textPt: 'x'.repeat(2001),
    });
    expect(tooLong.statusCode).toBe(400);
    const badStatus = await send(admin, 'POST', '/api/admin/reply-templates', { ...template, status: 'closed' });
    expect(badStatus.statusCode).toBe(400);
    const wrongType = await send(admin, 'POST', '/api/admin/reply-templates', { ...template, name: 42 });
    expect(wrongType.statusCode).toBe(400);
    const missing = await send(admin, 'PUT', '/api/admin/reply-templates/999999', template, 'en');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Reply template not found');
    expect((await send(admin, 'DELETE', '/api/admin/reply-templates/999999')).statusCode).toBe(404);
    expect((await send(admin, 'DELETE', '/api/admin/reply-templates/abc')).statusCode).toBe(400);

    const stored = (await send(admin, 'GET', '/api/admin/reply-templates')).json();
    expect(stored.find((t: { id: number }) => t.id === created.id)).toMatchObject({ textPt: TEXT_PT });
    expect((await auditRows(ctx())).length).toBe(before.length);
  });

  it('lets operators read the list but only admins write; viewers neither', async () => {
    const scoped = await signedIn(ctx(), { role: 'user', companyIds: [2] });
    expect((await send(scoped, 'GET', '/api/admin/reply-templates')).statusCode).toBe(200);
    expect((await send(operator, 'POST', '/api/admin/reply-templates', template)).statusCode).toBe(403);
    const created = await createTemplate();
    expect((await send(operator, 'PUT', `/api/admin/reply-templates/${created.id}`, template)).statusCode).toBe(403);
    expect((await send(operator, 'DELETE', `/api/admin/reply-templates/${created.id}`)).statusCode).toBe(403);
    expect((await send(viewer, 'GET', '/api/admin/reply-templates')).statusCode).toBe(403);
  });

  it("e-mails the template's text in the citizen's language; history keeps the operator's note", async () => {
    const created = await createTemplate();
    const to = uniqueEmail('en');
    const request = await fileRequest(ctx(), { email: to }, 'en');
    await drainOutbox(ctx());
    const { updatedAt } = await detail(ctx(), request.id);
    const res = await send(operator, 'PATCH', `/api/admin/repair-requests/${request.id}`, {
      status: 'in_progress',
      notes: TEXT_PT,
      templateId: created.id,
      updatedAt,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().history.at(-1)).toMatchObject({ toStatus: 'in_progress', notes: TEXT_PT });
    await drainOutbox(ctx());
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes(to) && m.text.includes(TEXT_EN));
    expect(mail.text).not.toContain(TEXT_PT);
    const [audit] = await auditRows(ctx());
    expect(JSON.parse(audit?.after ?? '{}')).toMatchObject({ status: 'in_progress', templateId: created.id });

    // Editing and then deleting the template changes nothing already written.
    await send(admin, 'PUT', `/api/admin/reply-templates/${created.id}`, { ...template, textPt: 'Outro texto.' });
    await send(admin, 'DELETE', `/api/admin/reply-templates/${created.id}`);
    const after = await detail(ctx(), request.id);
    expect(after.history.at(-1)).toMatchObject({ notes: TEXT_PT });
    expect(after.notes).toBe(TEXT_PT);
  });

  it("sends a Portuguese citizen the Portuguese text, and the operator's words when they edited it", async () => {
    const created = await createTemplate();
    const to = uniqueEmail('pt');
    const request = await fileRequest(ctx(), { email: to }, 'pt');
    let { updatedAt } = await detail(ctx(), request.id);
    // Sent blank, the notes take the citizen's text.
    const first = await send(operator, 'PATCH', `/api/admin/repair-requests/${request.id}`, {
      status: 'in_progress',
      templateId: created.id,
      updatedAt,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().history.at(-1).notes).toBe(TEXT_PT);
    await drainOutbox(ctx());
    await smtp.waitFor((m) => m.envelopeTo.includes(to) && m.text.includes(TEXT_PT));

    const closing = await createTemplate({ ...template, status: 'completed', textPt: 'Resolvido.', textEn: 'Fixed.' });
    updatedAt = first.json().updatedAt;
    const edited = 'Resolvido: trocamos o reator também.';
    const second = await send(operator, 'PATCH', `/api/admin/repair-requests/${request.id}`, {
      status: 'completed',
      notes: edited,
      templateId: closing.id,
      updatedAt,
    });
    expect(second.statusCode, second.body).toBe(200);
    await drainOutbox(ctx());
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes(to) && m.text.includes(edited));
    expect(mail.text).not.toContain('Fixed.');
  });

  it('refuses a template of another status or one that does not exist, writing nothing', async () => {
    const completedTemplate = await createTemplate({ ...template, status: 'completed' });
    const to = uniqueEmail('refused');
    const request = await fileRequest(ctx(), { email: to }, 'en');
    await drainOutbox(ctx());
    const before = await detail(ctx(), request.id);
    const auditBefore = (await auditRows(ctx())).length;
    const outboxBefore = await ctx().db.selectFrom('emailOutbox').select('id').where('toAddress', '=', to).execute();

    const wrongStatus = await send(
      operator,
      'PATCH',
      `/api/admin/repair-requests/${request.id}`,
      { status: 'in_progress', notes: 'x', templateId: completedTemplate.id, updatedAt: before.updatedAt },
      'en',
    );
    expect(wrongStatus.statusCode).toBe(400);
    expect(wrongStatus.json().errors.templateId).toBe('This reply template belongs to another status');
    const unknown = await send(operator, 'PATCH', `/api/admin/repair-requests/${request.id}`, {
      status: 'in_progress',
      templateId: 999_999,
      updatedAt: before.updatedAt,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.templateId).toBe('Este modelo de resposta não existe');
    const notAnId = await send(operator, 'PATCH', `/api/admin/repair-requests/${request.id}`, {
      status: 'in_progress',
      templateId: 'um',
      updatedAt: before.updatedAt,
    });
    expect(notAnId.statusCode).toBe(400);

    const after = await detail(ctx(), request.id);
    expect(after).toMatchObject({ status: before.status, updatedAt: before.updatedAt });
    expect(after.history).toHaveLength(before.history.length);
    expect((await auditRows(ctx())).length).toBe(auditBefore);
    const outboxAfter = await ctx().db.selectFrom('emailOutbox').select('id').where('toAddress', '=', to).execute();
    expect(outboxAfter).toHaveLength(outboxBefore.length);
  });

  it("answers 404 to a company-scoped operator naming a template on another company's request", async () => {
    const created = await createTemplate();
    const request = await fileRequest(ctx(), { email: uniqueEmail('scope'), company: '3' });
    const scoped = await signedIn(ctx(), { role: 'user', companyIds: [1] });
    const { updatedAt } = await detail(ctx(), request.id);
    const res = await send(scoped, 'PATCH', `/api/admin/repair-requests/${request.id}`, {
      status: 'in_progress',
      templateId: created.id,
      updatedAt,
    });
    expect(res.statusCode).toBe(404);
    expect((await detail(ctx(), request.id)).status).toBe('open');
  });
});
