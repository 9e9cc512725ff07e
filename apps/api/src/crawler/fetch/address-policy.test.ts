import { describe, expect, it } from 'vitest';
import { AllowListError, createAddressPolicy, parseAllowList } from './address-policy.ts';

const closed = createAddressPolicy([]);

describe('the address policy', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['192.168.0.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['224.0.0.1', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['fd00::1', 'uniqueLocal'],
    ['fe80::1', 'linkLocal'],
    ['::', 'unspecified'],
    ['ff02::1', 'multicast'],
    ['2002:7f00:1::', '6to4'],
  ])('refuses %s by default, naming its range (%s)', (address, range) => {
    expect(closed.checkLiteral(address)).toMatch(new RegExp(`in a refused range \\(${range}\\)$`));
  });

  it('treats an IPv4-mapped IPv6 address as the IPv4 address it carries', () => {
    expect(closed.checkLiteral('::ffff:7f00:1')).toBe('address 127.0.0.1 is in a refused range (loopback)');
    expect(closed.checkLiteral('::ffff:8.8.8.8')).toBeNull();
  });

  it('lets public unicast addresses through', () => {
    expect(closed.checkLiteral('93.184.216.34')).toBeNull();
    expect(closed.checkLiteral('2606:4700::1111')).toBeNull();
    expect(closed.checkResolved('example.org', ['93.184.216.34', '2606:4700::1111'])).toBeNull();
  });

  it('refuses a name when any one of its addresses is refused', () => {
    expect(closed.checkResolved('mixed.example', ['93.184.216.34', '10.0.0.5'])).toBe(
      'mixed.example resolves to 10.0.0.5, in a refused range (private)',
    );
  });

  it('allows literal addresses by address or CIDR, and names only by name', () => {
    const policy = createAddressPolicy(
      parseAllowList('127.0.0.1, 169.254.0.0/16,fd00::/8, 100.64.0.0/10, intranet.local'),
    );
    expect(policy.checkLiteral('127.0.0.1')).toBeNull();
    expect(policy.checkLiteral('::ffff:127.0.0.1')).toBeNull();
    expect(policy.checkLiteral('169.254.169.254')).toBeNull();
    expect(policy.checkLiteral('fd00::1')).toBeNull();
    expect(policy.checkLiteral('100.64.0.1')).toBeNull();
    expect(policy.checkLiteral('127.0.0.2')).toMatch(/loopback/);
    expect(policy.checkResolved('localhost', ['127.0.0.1'])).toBe(
      'localhost resolves to 127.0.0.1, in a refused range (loopback)',
    );
    expect(policy.checkResolved('Intranet.LOCAL', ['10.0.0.5'])).toBeNull();
  });

  it('allows an IPv4 range written as IPv4-mapped IPv6', () => {
    expect(createAddressPolicy(parseAllowList('::ffff:10.0.0.0/104')).checkLiteral('10.9.8.7')).toBeNull();
    // Shorter than the mapped prefix it is an IPv6 range, not 'every IPv4 address'.
    expect(createAddressPolicy(parseAllowList('::ffff:0.0.0.0/90')).checkLiteral('10.9.8.7')).toMatch(
      /private/,
    );
  });
});

describe('the allow list', () => {
  it('reads hosts, addresses and CIDRs, skipping empty entries', () => {
    expect(parseAllowList(' localhost ,,127.0.0.1, 10.0.0.0/8,').map((entry) => entry.kind)).toEqual([
      'host',
      'range',
      'range',
    ]);
    expect(parseAllowList('')).toEqual([]);
  });

  it.each([
    '127.1',
    '10.0.0.0/33',
    'fd00::/129',
    'host:8080',
    'bad host',
    'http://x',
    '10.0.0.0/x',
    '0x7f.1',
  ])('refuses %s, naming it', (entry) => {
    expect(() => parseAllowList(`localhost,${entry}`)).toThrow(new AllowListError(entry));
  });
});
