import { call, sessionCookieOf } from './support/client.ts';
import { ADMIN_PASSWORD, startFresh } from './support/server.ts';

const s = await startFresh('sqlite', {
  env: { NODE_ENV: 'production', APP_SECRET: 'production-secret-production-secret-0123456789' },
});
const res = await call(s.server.url, 'POST', '/api/admin/login', {
  body: { username: 'admin', password: ADMIN_PASSWORD },
});
console.log(res.status, res.headers.getSetCookie());
const c = sessionCookieOf(res);
console.log(c);
const p = await call(s.server.url, 'GET', '/api/admin/profile', { cookie: c });
console.log(p.status, p.text);
await s.close();
