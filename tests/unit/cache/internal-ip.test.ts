// is_internal_ip: INTERNAL_IP_RANGES (CIDR blocks or addresses) against CF-Connecting-IP.
import { describe, expect, it } from 'vitest';
import { connectingIp, internalIpMatcher, isInternalIp } from '../../../worker/cache/internal-ip.ts';

describe('internalIpMatcher', () => {
  const ranges = '10.0.0.0/8, 192.168.1.0/24, 203.0.113.9, 2001:db8::/32, fd00::/8';
  const matches = internalIpMatcher(ranges);

  it.each(['10.0.0.1', '10.255.255.255', '192.168.1.77', '203.0.113.9', '2001:db8::1', '2001:db8:ffff::abcd', 'fd12:3456::1', '::ffff:10.9.8.7'])(
    '%s is internal',
    (address) => expect(matches(address)).toBe(true),
  );

  it.each(['11.0.0.1', '192.168.2.1', '203.0.113.10', '2001:db9::1', 'fe80::1', '8.8.8.8', '', 'not-an-ip', '10.0.0.256', '::ffff:11.0.0.1'])(
    '%s is not',
    (address) => expect(matches(address)).toBe(false),
  );

  it('no address is never internal', () => {
    expect(matches(null)).toBe(false);
  });

  it('nothing configured means nobody is internal', () => {
    expect(internalIpMatcher('')('10.0.0.1')).toBe(false);
    expect(isInternalIp('', '127.0.0.1')).toBe(false);
  });

  it('reports and ignores entries that are not addresses or blocks', () => {
    const partly = internalIpMatcher('10.0.0.0/8, office, 1.2.3.4/33, 2001:db8::/129, 172.16.0.0/12');
    expect(partly.invalid).toEqual(['office', '1.2.3.4/33', '2001:db8::/129']);
    expect(partly('172.20.1.1')).toBe(true);
  });

  it('a /0 block takes every address of its family', () => {
    expect(internalIpMatcher('0.0.0.0/0')('8.8.8.8')).toBe(true);
    expect(internalIpMatcher('0.0.0.0/0')('2001:db8::1')).toBe(false);
  });

  it('reads the address from CF-Connecting-IP only', () => {
    expect(connectingIp(new Request('http://x/', { headers: { 'cf-connecting-ip': '10.1.1.1', 'x-forwarded-for': '8.8.8.8' } }))).toBe('10.1.1.1');
    expect(connectingIp(new Request('http://x/', { headers: { 'x-forwarded-for': '10.1.1.1' } }))).toBeNull();
  });
});
