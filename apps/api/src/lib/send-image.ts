// A stored photo's JPEG as an answer (decision 0033): re-encoded by the server, never sniffed,
// shown inline, with no active content, and cached as fits who may see it.
import type { FastifyReply } from 'fastify';

export function sendImage(reply: FastifyReply, bytes: Buffer, cache: string) {
  return reply
    .header('content-type', 'image/jpeg')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .header('content-security-policy', "default-src 'none'")
    .header('cache-control', cache)
    .send(bytes);
}
