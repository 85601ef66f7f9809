import { expect } from 'vitest';
import { describeEachEngine, it } from '../test/engines.ts';

describeEachEngine('the API as a whole', (ctx) => {
  it('answers health and readiness', async () => {
    expect((await ctx().app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok', database: 'up' });
    const ready = await ctx().app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('reports not-ready while closing', async () => {
    ctx().app.lifecycle.closing = true;
    const res = await ctx().app.inject({ url: '/api/ready' });
    ctx().app.lifecycle.closing = false;
    expect(res.statusCode).toBe(503);
  });

  it('sends security headers with a strict CSP and no X-Powered-By', async () => {
    const res = await ctx().app.inject({ url: '/api/energy-companies' });
    const csp = String(res.headers['content-security-policy']);
    // A JSON answer loads nothing and may not be framed.
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers an unknown API route with a JSON 404 in the reader language', async () => {
    const res = await ctx().app.inject({ url: '/api/nothing-here', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Route not found' });
  });

  it('publishes the OpenAPI document generated from the schemas', async () => {
    const res = await ctx().app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/energy-companies',
        '/api/repair-requests',
        '/api/repair-requests/{id}',
        '/api/theme',
      ]),
    );
    const body = doc.paths['/api/repair-requests'].post.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(
      expect.arrayContaining(['phone', 'address', 'problemType', 'latitude', 'longitude', 'company']),
    );
    const docs = await ctx().app.inject({ url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
  });

  it('hides the detail of an unexpected failure behind a generic 500 with a request id', async () => {
    await ctx().db.schema.alterTable('energy_companies').renameTo('energy_companies_gone').execute();
    try {
      const res = await ctx().app.inject({ url: '/api/energy-companies', headers: { 'accept-language': 'en' } });
      expect(res.statusCode).toBe(500);
      const body = res.json();
      expect(body.message).toBe('Internal server error. Please try again shortly.');
      expect(body.requestId).toBe(res.headers['x-request-id']);
      expect(JSON.stringify(body)).not.toMatch(/energy_companies|sql|table/i);
    } finally {
      await ctx().db.schema.alterTable('energy_companies_gone').renameTo('energy_companies').execute();
    }
  });

  it('builds every table from an empty database with the migrations', async () => {
    const tables = await ctx().db.introspection.getTables();
    const names = tables.map((t) => t.name);
    for (const table of [
      'energy_companies',
      'repair_requests',
      'request_events',
      'admins',
      'admin_companies',
      'site_settings',
      'sessions',
      'email_outbox',
    ]) {
      expect(names).toContain(table);
    }
    const rr = tables.find((t) => t.name === 'repair_requests');
    expect(rr?.columns.map((c) => c.name)).toEqual(
      expect.arrayContaining(['language', 'tracking_token_hash', 'district', 'city', 'pole_number']),
    );
  });
});
