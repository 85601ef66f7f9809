// Where a webhook may be sent (decision 0065): the endpoint's host is resolved, and every
// address it resolves to must be public (or in WEBHOOK_ALLOWED_NETWORKS). Checked when an
// endpoint is saved and again at each send, whose connection then goes to the address checked
// (webhook-send.ts), so a name that answers otherwise a moment later (DNS rebinding) reaches nothing.
import { lookup } from 'node:dns/promises';
import type { AppDeps } from '../../app-deps.ts';
import { ipLiteral, isCallableAddress, parseNetworks } from '../../lib/ip-networks.ts';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to its addresses (tests pass their own to AppDeps.resolveHost). */
export type HostResolver = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolver: HostResolver = (host) => lookup(host, { all: true, verbatim: true });

export type Target =
  | { ok: true; url: URL; address: ResolvedAddress }
  | { ok: false; reason: 'unresolved' | 'blocked'; detail: string };

/** How long a name may take to resolve before it counts as not found. */
const RESOLVE_TIMEOUT_MS = 5000;

const networksOf = new Map<string, ReturnType<typeof parseNetworks>>();

/** Resolves `url`'s host and checks every address; the first is the one to connect to. */
export async function resolveWebhookTarget(deps: AppDeps, text: string): Promise<Target> {
  const url = new URL(text);
  const allowedText = deps.config.WEBHOOK_ALLOWED_NETWORKS;
  let allowed = networksOf.get(allowedText);
  if (!allowed) {
    allowed = parseNetworks(allowedText);
    networksOf.set(allowedText, allowed);
  }
  const literal = ipLiteral(url.hostname);
  let addresses: ResolvedAddress[];
  if (literal) {
    addresses = [{ address: literal, family: literal.includes(':') ? 6 : 4 }];
  } else {
    try {
      // A name server that does not answer holds neither an admin's save nor a worker's round.
      addresses = await Promise.race([
        (deps.resolveHost ?? systemResolver)(url.hostname),
        new Promise<ResolvedAddress[]>((resolve) => setTimeout(() => resolve([]), RESOLVE_TIMEOUT_MS).unref()),
      ]);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) return { ok: false, reason: 'unresolved', detail: `${url.hostname} does not resolve` };
  }
  const blocked = addresses.find((a) => !isCallableAddress(a.address, allowed));
  if (blocked) {
    return {
      ok: false,
      reason: 'blocked',
      detail: `${url.hostname} resolves to ${blocked.address}, not a public address`,
    };
  }
  return { ok: true, url, address: addresses[0] as ResolvedAddress };
}
