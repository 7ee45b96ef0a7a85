import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './client-address';

describe('the client address a limit counts', () => {
  it('is an IPv4 address itself, however it is written', () => {
    expect(clientAddressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it("is an IPv6 address's /56 network, in any written form", () => {
    const network = '2001:db8:abcd:1200::/56';
    expect(clientAddressKey('2001:db8:abcd:1200::1')).toBe(network);
    expect(clientAddressKey('2001:db8:abcd:12ff:ffff:ffff:ffff:ffff')).toBe(network);
    expect(clientAddressKey('2001:0DB8:ABCD:1234:0000:0000:0000:0001')).toBe(network);
    expect(clientAddressKey('2001:db8:abcd:1300::1')).toBe('2001:db8:abcd:1300::/56');
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/56');
    expect(clientAddressKey('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/56');
  });

  it('is any other text as it is', () => {
    expect(clientAddressKey('unknown')).toBe('unknown');
  });
});
