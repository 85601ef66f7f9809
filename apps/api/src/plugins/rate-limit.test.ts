import { describe, expect, it } from 'vitest';
import { limiter } from '../lib/limit-store.ts';
import { clientKey } from './rate-limit.ts';

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
