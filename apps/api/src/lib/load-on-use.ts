// Dependencies that only some requests need, loaded by the first of them rather than at every
// start (decision 0055): pdfkit, qrcode, nodemailer, pino-pretty, Papa Parse and the XML builder
// cost about 0.4 s of CPU together, paid by every server start and every test that starts one.
// Synchronous (CommonJS require), so a caller that builds a document or a stream stays
// synchronous; a dependency only an async function needs is imported there with import().
import { createRequire } from 'node:module';

const requireOnUse = createRequire(import.meta.url);

/** Returns a function that loads `name` the first time it is called and the same module after. */
export function loadOnUse<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= requireOnUse(name) as T;
    return loaded;
  };
}
