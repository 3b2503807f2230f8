import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './address-guard';

describe('which addresses a webhook may call without the allowance', () => {
  it('refuses loopback, private, link-local and the ranges that hide them', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.0.9',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      '2002:7f00:1::',
      'not an address',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('accepts ordinary public addresses', () => {
    for (const address of ['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700::1111'])
      expect(isPublicAddress(address), address).toBe(true);
  });
});
