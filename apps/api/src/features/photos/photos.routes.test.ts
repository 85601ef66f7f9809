// Photos on a repair request (issue 22, decision 0033), both engines: the citizen's upload
// with its limits and refusals (nothing stored), metadata stripped, operators in scope,
// publishing (audited) and the public reads, and anonymising taking the photos with it.
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PHOTO_MAX_BYTES } from '@acende/shared/schemas/photos';
import sharp from 'sharp';
import { beforeAll, expect } from 'vitest';
import { signedIn, type TestAccount } from '../../../test/accounts.ts';
import { describeEachEngine, it, type TestContext } from '../../../test/engines.ts';
import { decompressionBomb, EXIF_MARKER, jpegWithGps, pdfBytes, smallPng } from '../../../test/photos.ts';
import { validRequest } from '../../../test/requests.ts';

interface Filed {
  id: number;
  trackingToken: string;
}

async function file(ctx: TestContext, company = '1'): Promise<Filed> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/repair-requests',
    payload: { ...validRequest, company },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

function upload(
  ctx: TestContext,
  filed: Filed,
  body: Buffer,
  headers: Record<string, string> = {},
  token: string | null = filed.trackingToken,
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/repair-requests/${filed.id}/photos${token === null ? '' : `?t=${encodeURIComponent(token)}`}`,
    headers: { 'content-type': 'image/jpeg', ...headers },
    payload: body,
  });
}

/** Streams `body` chunked over HTTP until the server answers; how much was written by then. */
function streamUpload(url: string, body: Buffer): Promise<{ status: number; body: string; sent: number }> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request(url, {
      method: 'POST',
      headers: { 'content-type': 'image/jpeg', 'transfer-encoding': 'chunked', 'accept-language': 'en' },
    });
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), sent }));
    });
    // The server may close the socket once it has answered: not a failure of the test. A reset
    // before the answer came (the rest of the body refused unread) is told as status 0.
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (answered) return;
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET') resolve({ status: 0, body: '', sent });
      else reject(error);
    });
    const pump = () => {
      while (!answered && sent < body.length) {
        const ok = req.write(body.subarray(sent, sent + 65_536));
        sent += 65_536;
        if (!ok) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered) req.end();
    };
    pump();
  });
}

async function storedRows(ctx: TestContext, requestId: number) {
  return ctx.db.selectFrom('requestPhotos').selectAll().where('requestId', '=', requestId).execute();
}

async function photoCount(ctx: TestContext, requestId: number) {
  const row = await ctx.db
    .selectFrom('repairRequests')
    .select('photoCount')
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow();
  return Number(row.photoCount);
}

describeEachEngine('photos on a repair request', (ctx) => {
  let admin: TestAccount;
  let viewer: TestAccount;
  let otherCompanyUser: TestAccount;
  let gps: Buffer;

  beforeAll(async () => {
    admin = await signedIn(ctx(), { role: 'admin' });
    viewer = await signedIn(ctx(), { role: 'viewer' });
    otherCompanyUser = await signedIn(ctx(), { role: 'user', companyIds: [2] });
    gps = await jpegWithGps();
  });

  it('stores a JPEG with GPS EXIF re-encoded, shrunk to 1600 px, with no metadata left in its bytes', async () => {
    const input = await sharp(gps).metadata();
    expect(input.exif, 'the test image carries EXIF').toBeDefined();
    expect(gps.includes(EXIF_MARKER)).toBe(true);

    const filed = await file(ctx());
    const res = await upload(ctx(), filed, gps);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ position: 1, width: 1600, height: 1200, isPublic: false });

    const [row] = await storedRows(ctx(), filed.id);
    const stored = Buffer.from(row?.data as Buffer);
    expect(stored.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(stored.includes(EXIF_MARKER)).toBe(false);
    expect(stored.includes('Exif')).toBe(false);
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([1600, 1200]);
    const thumb = await sharp(Buffer.from(row?.thumb as Buffer)).metadata();
    expect(Math.max(thumb.width ?? 0, thumb.height ?? 0)).toBe(320);
  });

  it('reads a PNG by its bytes whatever type was claimed, and serves JPEG', async () => {
    const filed = await file(ctx());
    const res = await upload(ctx(), filed, await smallPng(), { 'content-type': 'application/octet-stream' });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await storedRows(ctx(), filed.id);
    expect((await sharp(Buffer.from(row?.data as Buffer)).metadata()).format).toBe('jpeg');
  });

  it('refuses bad files with a 4xx in the reader’s language and stores nothing', async () => {
    const filed = await file(ctx());
    const cases: { name: string; body: Buffer; status: number; pt: string; en: string }[] = [
      { name: 'a PDF named .jpg', body: pdfBytes, status: 400, pt: 'não é uma imagem', en: 'is not an image' },
      { name: 'a zero-byte file', body: Buffer.alloc(0), status: 400, pt: 'está vazio', en: 'is empty' },
      {
        name: 'a decompression bomb',
        body: decompressionBomb(),
        status: 400,
        pt: 'pixels demais',
        en: 'too many pixels',
      },
      {
        name: 'a truncated JPEG',
        body: gps.subarray(0, 2000),
        status: 400,
        pt: 'não é uma imagem',
        en: 'is not an image',
      },
    ];
    for (const c of cases) {
      const pt = await upload(ctx(), filed, c.body);
      expect(pt.statusCode, `${c.name}: ${pt.body}`).toBe(c.status);
      expect(pt.json().message, c.name).toContain(c.pt);
      const en = await upload(ctx(), filed, c.body, { 'accept-language': 'en' });
      expect(en.statusCode, c.name).toBe(c.status);
      expect(en.json().message, c.name).toContain(c.en);
    }
    expect(await storedRows(ctx(), filed.id)).toHaveLength(0);
    expect(await photoCount(ctx(), filed.id)).toBe(0);
  });

  it('refuses a 30 MB upload with 413, declared or streamed without a length, before reading it all', async () => {
    const filed = await file(ctx());
    const big = Buffer.alloc(30 * 1024 * 1024, 0xff);
    const declared = await upload(ctx(), filed, big);
    expect(declared.statusCode).toBe(413);
    expect(declared.json().message).toBe('A foto passa de 5 MB.');

    // Over a real socket, in 64 KB pieces with no Content-Length: refused once the limit is
    // passed, and the rest is never read (the client's writes stall, then the answer comes).
    // The server closes the socket with the rest unread, so the client's kernel may meet a
    // reset before it has handed the answer over (EPIPE on a write): that try proves the
    // refusal but not its words, and is made again, up to three times.
    const address = await ctx().app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address}/api/repair-requests/${filed.id}/photos?t=${filed.trackingToken}`;
    let streamed = await streamUpload(url, big);
    for (let tries = 1; streamed.status === 0 && tries < 3; tries++) {
      expect(streamed.sent, 'bytes written before the reset').toBeLessThan(PHOTO_MAX_BYTES + 8 * 1024 * 1024);
      streamed = await streamUpload(url, big);
    }
    expect(streamed.status, streamed.body).toBe(413);
    expect(JSON.parse(streamed.body).message).toBe('The photo is over 5 MB.');
    expect(streamed.sent, 'bytes written before the answer').toBeLessThan(PHOTO_MAX_BYTES + 8 * 1024 * 1024);
    expect(await storedRows(ctx(), filed.id)).toHaveLength(0);
  });

  it('refuses a wrong or missing tracking token, an unknown request and a late upload', async () => {
    const filed = await file(ctx());
    expect((await upload(ctx(), filed, gps, {}, 'not-the-token')).statusCode).toBe(403);
    const missing = await upload(ctx(), filed, gps, { 'accept-language': 'en' }, null);
    expect(missing.statusCode).toBe(403);
    expect(missing.json().message).toBe('The tracking link does not match this request.');
    expect((await upload(ctx(), { ...filed, id: 999_999 }, gps)).statusCode).toBe(404);

    ctx().clock.advance(25 * 3_600_000);
    try {
      const late = await upload(ctx(), filed, gps);
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe('Não é mais possível anexar fotos a esta solicitação.');
    } finally {
      ctx().clock.advance(-25 * 3_600_000);
    }
    expect(await storedRows(ctx(), filed.id)).toHaveLength(0);
  });

  it('keeps at most three photos even when five uploads race', async () => {
    const filed = await file(ctx());
    const photo = await smallPng();
    const answers = await Promise.all(Array.from({ length: 5 }, () => upload(ctx(), filed, photo)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 409, 409]);
    const refused = answers.find((a) => a.statusCode === 409);
    expect(refused?.json().message).toBe('Esta solicitação já tem 3 fotos.');
    const rows = await storedRows(ctx(), filed.id);
    expect(rows.map((r) => Number(r.position)).sort()).toEqual([1, 2, 3]);
    expect(await photoCount(ctx(), filed.id)).toBe(3);
    expect((await upload(ctx(), filed, photo)).statusCode).toBe(409);
  });

  it('operators in scope see every photo; the public sees one only once an operator publishes it (audited)', async () => {
    const filed = await file(ctx());
    const first = (await upload(ctx(), filed, gps)).json();
    await upload(ctx(), filed, await smallPng());

    const list = await ctx().app.inject({
      url: `/api/admin/repair-requests/${filed.id}/photos`,
      headers: viewer.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().photos.map((p: { position: number }) => p.position)).toEqual([1, 2]);

    const image = await ctx().app.inject({
      url: `/api/admin/repair-requests/${filed.id}/photos/${first.id}?size=thumb`,
      headers: viewer.headers,
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['cache-control']).toContain('private');

    // Another company's account does not see the request's photos at all.
    for (const url of [
      `/api/admin/repair-requests/${filed.id}/photos`,
      `/api/admin/repair-requests/${filed.id}/photos/${first.id}`,
    ]) {
      expect((await ctx().app.inject({ url, headers: otherCompanyUser.headers })).statusCode).toBe(404);
    }
    // Nobody signed in: 401.
    expect((await ctx().app.inject({ url: `/api/admin/repair-requests/${filed.id}/photos` })).statusCode).toBe(401);

    // Private: the public list is empty and the image is a 404, with or without the token.
    const publicList = () => ctx().app.inject({ url: `/api/repair-requests/${filed.id}/photos` });
    expect((await publicList()).json()).toEqual({ photos: [] });
    const publicImage = () =>
      ctx().app.inject({ url: `/api/repair-requests/${filed.id}/photos/${first.id}?t=${filed.trackingToken}` });
    expect((await publicImage()).statusCode).toBe(404);

    const publish = (account: TestAccount, isPublic: boolean, id = filed.id) =>
      ctx().app.inject({
        method: 'PATCH',
        url: `/api/admin/repair-requests/${id}/photos/${first.id}`,
        headers: account.headers,
        payload: { isPublic },
      });
    expect((await publish(viewer, true)).statusCode).toBe(403);
    expect((await publish(otherCompanyUser, true)).statusCode).toBe(404);
    expect((await publicList()).json()).toEqual({ photos: [] });

    const auditBefore = await ctx()
      .db.selectFrom('auditLog')
      .select('id')
      .where('kind', '=', 'request.photo.publish')
      .execute();
    const published = await publish(admin, true);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().isPublic).toBe(true);
    const audit = await ctx()
      .db.selectFrom('auditLog')
      .selectAll()
      .where('kind', '=', 'request.photo.publish')
      .orderBy('id', 'desc')
      .execute();
    expect(audit).toHaveLength(auditBefore.length + 1);
    expect(Number(audit[0]?.actorId)).toBe(admin.id);
    expect(JSON.parse(audit[0]?.after ?? '{}')).toMatchObject({ photoId: first.id, isPublic: true });

    expect((await publicList()).json()).toEqual({ photos: [{ id: first.id, width: 1600, height: 1200 }] });
    const shown = await ctx().app.inject({ url: `/api/repair-requests/${filed.id}/photos/${first.id}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/jpeg');
    expect(shown.headers['x-content-type-options']).toBe('nosniff');
    expect(shown.rawPayload.includes(EXIF_MARKER)).toBe(false);
    // A photo id under another request's number is not found.
    const other = await file(ctx());
    expect((await ctx().app.inject({ url: `/api/repair-requests/${other.id}/photos/${first.id}` })).statusCode).toBe(
      404,
    );

    expect((await publish(admin, false)).statusCode).toBe(200);
    expect((await publicImage()).statusCode).toBe(404);
  });

  it('exports the photos full size in a PDF for operators in scope', async () => {
    const filed = await file(ctx());
    await upload(ctx(), filed, gps);
    await upload(ctx(), filed, await smallPng());
    const res = await ctx().app.inject({
      url: `/api/admin/repair-requests/${filed.id}/photos.pdf`,
      headers: { ...viewer.headers, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload.toString('latin1');
    expect(pdf.startsWith('%PDF')).toBe(true);
    expect(pdf.match(/\/Subtype \/Image/g)).toHaveLength(2);
    expect(pdf.match(/\/Width 1600/g)).toHaveLength(1);
    expect(res.rawPayload.includes(EXIF_MARKER)).toBe(false);
    const outside = await ctx().app.inject({
      url: `/api/admin/repair-requests/${filed.id}/photos.pdf`,
      headers: otherCompanyUser.headers,
    });
    expect(outside.statusCode).toBe(404);
  });

  it('anonymising a request deletes its photos', async () => {
    const filed = await file(ctx());
    await upload(ctx(), filed, gps);
    expect(await storedRows(ctx(), filed.id)).toHaveLength(1);
    const res = await ctx().app.inject({
      method: 'POST',
      url: `/api/admin/repair-requests/${filed.id}/anonymize`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await storedRows(ctx(), filed.id)).toHaveLength(0);
    const after = await upload(ctx(), filed, gps);
    expect(after.statusCode).toBe(409);
  });
});

const photoDir = mkdtempSync(join(tmpdir(), 'acende-photos-'));

describeEachEngine(
  'photos kept in a folder (PHOTO_STORE=dir)',
  (ctx) => {
    it('writes the files, serves them, and removes them when the request is anonymised', async () => {
      const admin = await signedIn(ctx(), { role: 'admin' });
      const filed = await file(ctx());
      const res = await upload(ctx(), filed, await jpegWithGps());
      expect(res.statusCode, res.body).toBe(201);
      const [row] = await storedRows(ctx(), filed.id);
      expect(row?.storage).toBe('dir');
      expect(row?.data).toBeNull();
      const dir = join(photoDir, ctx().engine);
      const files = readdirSync(dir).filter((f) => f.startsWith(`${filed.id}-`));
      expect(files).toHaveLength(2);
      const image = await ctx().app.inject({
        url: `/api/admin/repair-requests/${filed.id}/photos/${res.json().id}`,
        headers: admin.headers,
      });
      expect(image.statusCode).toBe(200);
      expect(image.rawPayload.includes(EXIF_MARKER)).toBe(false);
      expect((await sharp(image.rawPayload).metadata()).width).toBe(1600);

      await ctx().app.inject({
        method: 'POST',
        url: `/api/admin/repair-requests/${filed.id}/anonymize`,
        headers: admin.headers,
      });
      for (const f of files) expect(existsSync(join(dir, f))).toBe(false);
    });
  },
  { env: (engine) => ({ PHOTO_STORE: 'dir', PHOTO_DIR: join(photoDir, engine) }) },
);
