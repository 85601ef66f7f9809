// Who acted and from where, as routes hand it to the services that write audit rows.
import type { FastifyRequest } from 'fastify';
import type { AuditActor } from './audit.repository.ts';

/** The longest typed name an audit row keeps (a stranger's failed sign-in). */
export const AUDIT_USERNAME_MAX = 80;

/** The signed-in account of the request (or nobody), and its address. */
export function actorOf(request: FastifyRequest): AuditActor {
  const admin = request.admin;
  return { id: admin?.id ?? null, username: admin?.username ?? null, ip: request.ip };
}

/** A stranger known only by the name they typed, kept truncated. */
export function typedActor(request: FastifyRequest, id: number | null, typed: string): AuditActor {
  return { id, username: typed.slice(0, AUDIT_USERNAME_MAX), ip: request.ip };
}
