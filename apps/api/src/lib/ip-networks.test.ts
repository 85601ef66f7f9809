// Which addresses a webhook may reach (decision 0065): public unicast, or an allowed network.
import { describe, expect, it } from 'vitest';
import { ipLiteral, isCallableAddress, parseNetworks } from './ip-networks.ts';

describe('isCallableAddress', () => {
  it('refuses private, loopback, link-local, unique-local, CGNAT, unspecified, multicast and mapped ones', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd00::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '64:ff9b::a00:1',
      '2002:a00:1::1',
      '::7f00:1', // IPv4-compatible 127.0.0.1, as `http://[::127.0.0.1]/` is read
      'not an address',
    ]) {
      expect(isCallableAddress(address, []), address).toBe(false);
    }
  });

  it('takes public addresses, and internal ones only inside an allowed network', () => {
    expect(isCallableAddress('93.184.215.14', [])).toBe(true);
    expect(isCallableAddress('172.32.0.1', [])).toBe(true);
    expect(isCallableAddress('2606:4700::1111', [])).toBe(true);
    const allowed = parseNetworks('127.0.0.0/8, ::1/128');
    expect(isCallableAddress('127.0.0.1', allowed)).toBe(true);
    expect(isCallableAddress('::ffff:127.0.0.1', allowed)).toBe(true);
    expect(isCallableAddress('::1', allowed)).toBe(true);
    expect(isCallableAddress('10.0.0.1', allowed)).toBe(false);
  });

  it('reads CIDR lists and IP literals', () => {
    expect(parseNetworks('')).toEqual([]);
    expect(() => parseNetworks('127.0.0.1')).toThrow('not a CIDR network: 127.0.0.1');
    expect(ipLiteral('[::1]')).toBe('::1');
    expect(ipLiteral('10.0.0.1')).toBe('10.0.0.1');
    expect(ipLiteral('example.com')).toBeNull();
  });
});
