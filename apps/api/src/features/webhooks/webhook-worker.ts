// Sends the webhook deliveries (decision 0065). Each instance runs one; a round claims due rows
// with a lease (claimDueDeliveries), so two instances never send one row, and a later event of a
// request waits for its earlier one to the same endpoint. Failures are retried on Standard
// Webhooks' schedule for 24 h, then the delivery is dead until an admin replays it.
import type { AppDeps } from '../../app-deps.ts';
import { CLAIM_LEASE_MS, untilStored } from '../../core/outbox/delivery-retry.ts';
import { startPeriodicWorker } from '../../core/periodic-worker.ts';
import { resolveWebhookTarget } from './webhook-address.ts';
import {
  type ClaimedDelivery,
  claimDueDeliveries,
  expireDeliveries,
  findEndpointForSend,
  putBack,
  recordAttempt,
} from './webhook-deliveries.repository.ts';
import { nextWebhookAttempt, WEBHOOK_RETRY_WINDOW_MS } from './webhook-retry.ts';
import { openEndpointSecrets } from './webhook-secrets.ts';
import { type AttemptResult, postWebhook, webhookBody, webhookHeaders } from './webhook-send.ts';

const BATCH = 10;
const ROUND_LIMIT = 200;
/** A lease must outlast the attempt by this much, or the row is put back for the next round. */
const LEASE_MARGIN_MS = 60_000;
/** How long a slow endpoint's other rows wait: the schedule's first step. */
const SLOW_WAIT_MS = 5_000;

export interface WebhookRoundResult {
  delivered: number;
  retrying: number;
  dead: number;
}

/** One round: gives up what ran out of time, then sends every due delivery it can claim. */
export async function processWebhooksOnce(deps: AppDeps, shouldStop = () => false): Promise<WebhookRoundResult> {
  const result: WebhookRoundResult = { delivered: 0, retrying: 0, dead: 0 };
  const started = deps.clock.now();
  const cutoff = new Date(started.getTime() - WEBHOOK_RETRY_WINDOW_MS - 60_000).toISOString();
  result.dead += await expireDeliveries(deps.db, cutoff, started.toISOString());
  /** Endpoints that let an attempt time out this round: their other rows wait for a later one. */
  const slow = new Set<number>();
  while (!shouldStop() && result.delivered + result.retrying + result.dead < ROUND_LIMIT) {
    const now = deps.clock.now();
    const lease = new Date(now.getTime() + CLAIM_LEASE_MS).toISOString();
    const rows = await claimDueDeliveries(deps.db, { now: now.toISOString(), leaseUntil: lease, limit: BATCH });
    if (rows.length === 0) break;
    // Endpoints side by side, so one slow receiver does not hold up the others' companies; each
    // endpoint's rows one at a time, in id order, so a request's events arrive in order.
    const byEndpoint = new Map<number, ClaimedDelivery[]>();
    for (const row of rows) byEndpoint.set(row.endpointId, [...(byEndpoint.get(row.endpointId) ?? []), row]);
    await Promise.all([...byEndpoint.values()].map((group) => sendGroup(deps, group, result, slow)));
  }
  return result;
}

/**
 * One endpoint's claimed rows in order. After a time-out the endpoint is slow for the rest of
 * the round: its other rows go back unsent (their attempt given back), due a step later, so a
 * receiver that hangs costs one time-out a round, not one per waiting event.
 */
async function sendGroup(
  deps: AppDeps,
  rows: ClaimedDelivery[],
  result: WebhookRoundResult,
  slow: Set<number>,
): Promise<void> {
  for (const row of rows) {
    if (slow.has(row.endpointId)) {
      const later = new Date(deps.clock.now().getTime() + SLOW_WAIT_MS).toISOString();
      await untilStored(() => putBack(deps.db, row.id, later));
      continue;
    }
    const outcome = await sendOne(deps, row);
    result[outcome.kind] += 1;
    if (outcome.timedOut) slow.add(row.endpointId);
  }
}

interface SendOutcome {
  kind: keyof WebhookRoundResult;
  /** The receiver gave no answer in time: its other rows wait for the next round. */
  timedOut?: boolean;
}

async function sendOne(deps: AppDeps, row: ClaimedDelivery): Promise<SendOutcome> {
  const now = deps.clock.now();
  const timeoutMs = deps.config.WEBHOOK_TIMEOUT_MS;
  // A lease about to run out (a slow round): put back, so no other instance sends it too.
  if (Date.parse(row.claimedUntil as string) - now.getTime() < timeoutMs + LEASE_MARGIN_MS) {
    // Not an attempt: the claim's count is given back, so the schedule does not skip a step.
    await putBack(deps.db, row.id, now.toISOString());
    return { kind: 'retrying' };
  }
  const endpoint = await findEndpointForSend(deps.db, row.endpointId);
  let answer: AttemptResult;
  if (endpoint?.active !== 1) {
    answer = { status: null, retryAfter: null, error: 'endpoint turned off' };
    return { kind: await settle(deps, row, answer, true) };
  }
  // Checked again at every send, and the connection pinned to the address checked.
  const target = await resolveWebhookTarget(deps, endpoint.url);
  if (!target.ok) {
    answer = { status: null, retryAfter: null, error: `refused: ${target.detail}` };
  } else {
    const body = webhookBody(row);
    const secrets = openEndpointSecrets(deps, endpoint, now);
    answer =
      secrets.length === 0
        ? {
            status: null,
            retryAfter: null,
            error: 'the signing secret no longer opens (APP_SECRET changed): rotate it',
          }
        : await postWebhook(
            target.url,
            target.address,
            body,
            webhookHeaders(row.messageId, now, body, secrets),
            timeoutMs,
          );
  }
  return { kind: await settle(deps, row, answer, false), timedOut: answer.timedOut === true };
}

async function settle(
  deps: AppDeps,
  row: ClaimedDelivery,
  answer: AttemptResult,
  final: boolean,
): Promise<keyof WebhookRoundResult> {
  const now = deps.clock.now();
  if (answer.error === null) {
    await untilStored(() =>
      recordAttempt(deps.db, row.id, {
        state: 'delivered',
        nextAttemptAt: null,
        deliveredAt: now.toISOString(),
        lastStatus: answer.status,
        lastError: null,
      }),
    );
    return 'delivered';
  }
  const next = final ? null : nextWebhookAttempt(row.attempts, row.retryFrom, now, answer);
  await untilStored(() =>
    recordAttempt(deps.db, row.id, {
      state: next ? 'pending' : 'dead',
      nextAttemptAt: next?.toISOString() ?? null,
      deliveredAt: null,
      lastStatus: answer.status,
      lastError: answer.error,
    }),
  );
  return next ? 'retrying' : 'dead';
}

/** The instance's webhook worker, every `intervalMs`. */
export function startWebhookWorker(deps: AppDeps, options: { intervalMs: number; onError?: (error: unknown) => void }) {
  return startPeriodicWorker({
    intervalMs: options.intervalMs,
    firstDelayMs: 0,
    onError: options.onError,
    round: async (shouldStop) => {
      await processWebhooksOnce(deps, shouldStop);
    },
  });
}
