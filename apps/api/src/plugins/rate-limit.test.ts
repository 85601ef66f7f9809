import { describe, expect, it } from 'vitest';
import { clientKey } from '../core/client-key.ts';
import { limiter, memoryLimitStore, redisLimitStore } from '../lib/limit-store.ts';

describe('clientKey', () => {
  it('keeps an IPv4 address, also when written as IPv6', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 host with the rest of its /64, however the address is written', () => {
    const key = clientKey('2001:db8:85a3:12::8a2e:370:7334');
    expect(key).toBe('2001:db8:85a3:12::/64');
    expect(clientKey('2001:0db8:85a3:0012:0000:8a2e:0370:1')).toBe(key);
    expect(clientKey('2001:db8:85a3:12:ffff::1')).toBe(key);
    expect(clientKey('2001:db8:85a3:13::1')).not.toBe(key);
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('keeps a text that is no address as its own key', () => {
    expect(clientKey('1::2::3')).toBe('1::2::3');
    expect(clientKey('Bad:Proxy')).toBe('bad:proxy');
  });
});

describe('limiter', () => {
  it('lets max requests through per window, then answers the time left until the window ends', () => {
    let now = 1_000_000;
    const count = limiter({ max: 3, timeWindow: 60_000 }, () => now);
    expect([count('a'), count('a'), count('a')]).toEqual([0, 0, 0]);
    now += 15_000;
    expect(count('a')).toBe(45_000);
    // Another client has its own window.
    expect(count('b')).toBe(0);
    now += 45_000;
    // A new window: max again, then the whole window to wait.
    expect([count('a'), count('a'), count('a')]).toEqual([0, 0, 0]);
    expect(count('a')).toBe(60_000);
  });

  it('never refuses for longer than one window when its clock goes back an hour (issue 39)', () => {
    let now = 10_000_000;
    const count = limiter({ max: 2, timeWindow: 60_000 }, () => now);
    expect([count('a'), count('a'), count('a')]).toEqual([0, 0, 60_000]);
    now -= 3_600_000;
    // The window began "in the future": it is over, and a new one starts now.
    expect([count('a'), count('a')]).toEqual([0, 0]);
    expect(count('a')).toBe(60_000);
    now += 86_400_000;
    expect(count('a')).toBe(0);
  });

  it('counts on the monotonic clock by default, so the system clock cannot move a window', () => {
    const realNow = Date.now;
    const count = limiter({ max: 1, timeWindow: 60_000 });
    try {
      expect(count('a')).toBe(0);
      Date.now = () => realNow() - 3_600_000;
      const left = count('a');
      expect(left).toBeGreaterThan(59_000);
      expect(left).toBeLessThanOrEqual(60_000);
    } finally {
      Date.now = realNow;
    }
  });

  it('keeps a bounded number of clients, forgetting the one seen least recently', () => {
    let now = 1_000_000;
    const count = limiter({ max: 1, timeWindow: 1000 }, () => now);
    count('old');
    now += 500;
    for (let i = 1; i < 20_000; i++) count(`client-${i}`);
    now += 200;
    // Full: a new client pushes out 'old', seen least recently, and no other.
    expect(count('new')).toBe(0);
    expect(count('client-1')).toBe(800);
    expect(count('client-19999')).toBe(800);
    // 'client-1' was just seen: 'client-2' goes next.
    expect(count('newer')).toBe(0);
    expect(count('client-3')).toBe(800);
    expect(count('client-2')).toBe(0);
    expect(count('old')).toBe(0);
  });
});

describe('the memory store’s pace', () => {
  it('spaces calls an interval apart, and starts again when its clock went back an hour', () => {
    let now = 10_000_000;
    const store = memoryLimitStore(() => now);
    expect([store.reserve('geocoder', 1000), store.reserve('geocoder', 1000)]).toEqual([0, 1000]);
    now -= 3_600_000;
    // An hour "ahead" is no queue: the pace starts again instead of holding calls for an hour.
    expect(store.reserve('geocoder', 1000)).toBe(0);
    expect(store.reserve('geocoder', 1000)).toBe(1000);
  });
});

describe('the Redis store after Redis’s clock went back an hour (issue 39)', () => {
  it('starts a window that ends more than a window away again, and a pace an hour ahead', async () => {
    const prefix = `clock-back-${process.pid}-${Date.now()}:`;
    const store = await redisLimitStore('redis://127.0.0.1:6379', prefix, memoryLimitStore(), { warn: () => {} });
    const { Redis } = await import('ioredis');
    const redis = new Redis('redis://127.0.0.1:6379');
    try {
      await store.ready();
      const limit = { name: 'back', max: 2, timeWindow: 60_000 };
      // What Redis holds after its clock went back: a spent window with an hour and a minute to live.
      await redis.set(`${prefix}limit:back:k`, '50', 'PX', 3_660_000);
      const [time] = await redis.time();
      await redis.set(`${prefix}pace:geocoder`, String(Number(time) * 1000 + 3_600_000), 'PX', 3_700_000);
      expect([await store.hit(limit, 'k'), await store.hit(limit, 'k')]).toEqual([0, 0]);
      const left = await store.hit(limit, 'k');
      expect(left).toBeGreaterThan(50_000);
      expect(left).toBeLessThanOrEqual(60_000);
      expect(await store.reserve('geocoder', 1000)).toBe(0);
    } finally {
      await redis.del(`${prefix}limit:back:k`, `${prefix}pace:geocoder`);
      redis.disconnect();
      await store.close();
    }
  });
});
