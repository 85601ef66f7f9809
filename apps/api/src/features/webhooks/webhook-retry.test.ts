// The retry schedule of webhooks (decision 0065): Standard Webhooks' steps inside 24 h.
import { describe, expect, it } from 'vitest';
import { nextWebhookAttempt } from './webhook-retry.ts';
import { webhookBody } from './webhook-send.ts';

const T0 = '2026-03-01T12:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(T0) + ms);
const none = { status: 500, retryAfter: null };

describe('nextWebhookAttempt', () => {
  it('waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, never past 24 h, then gives up', () => {
    const waits = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000].map((wait, i) => {
      const next = nextWebhookAttempt(i + 1, T0, at(0), none);
      return (next?.getTime() ?? 0) - Date.parse(T0) === wait;
    });
    expect(waits).toEqual([true, true, true, true, true, true]);
    expect(nextWebhookAttempt(7, T0, at(20 * 3_600_000), none)).toEqual(at(24 * 3_600_000));
    expect(nextWebhookAttempt(8, T0, at(24 * 3_600_000), none)).toBeNull();
  });

  it("waits a 429's Retry-After when it ends inside the window, and gives up otherwise", () => {
    expect(nextWebhookAttempt(1, T0, at(0), { status: 429, retryAfter: '120' })).toEqual(at(120_000));
    expect(nextWebhookAttempt(1, T0, at(0), { status: 429, retryAfter: '90000' })).toBeNull();
    expect(nextWebhookAttempt(1, T0, at(0), { status: 500, retryAfter: '120' })).toEqual(at(5_000));
  });

  it('never retries sooner than the schedule, whatever Retry-After says (0, or a date gone by)', () => {
    expect(nextWebhookAttempt(1, T0, at(0), { status: 429, retryAfter: '0' })).toEqual(at(5_000));
    const past = new Date(Date.parse(T0) - 60_000).toUTCString();
    expect(nextWebhookAttempt(2, T0, at(0), { status: 503, retryAfter: past })).toEqual(at(300_000));
  });
});

describe('webhookBody', () => {
  it('is the id, type, timestamp and the frozen data, the same bytes each time', () => {
    const row = { messageId: 'msg_1', eventType: 'request.rated', eventAt: T0, payload: '{"score":5}' };
    expect(webhookBody(row)).toBe(`{"id":"msg_1","type":"request.rated","timestamp":"${T0}","data":{"score":5}}`);
  });
});
