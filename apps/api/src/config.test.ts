import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('SITESEER_CRAWL_ALLOW_PRIVATE', () => {
  it('is empty by default: the crawler reaches public addresses only', () => {
    expect(loadConfig({}).crawlAllowPrivate).toEqual([]);
  });

  it('reads hosts, addresses and CIDRs', () => {
    const allow = loadConfig({
      SITESEER_CRAWL_ALLOW_PRIVATE: 'intranet.local, 127.0.0.1, 10.0.0.0/8',
    }).crawlAllowPrivate;
    expect(allow.map((entry) => (entry.kind === 'host' ? entry.host : entry.text))).toEqual([
      'intranet.local',
      '127.0.0.1',
      '10.0.0.0/8',
    ]);
  });

  it('stops the start with a ConfigError naming a bad entry', () => {
    expect(() => loadConfig({ SITESEER_CRAWL_ALLOW_PRIVATE: 'localhost, 10.0.0.0/40' })).toThrow(
      new ConfigError(
        "Invalid configuration: SITESEER_CRAWL_ALLOW_PRIVATE: '10.0.0.0/40' is not a host name, an IP address or a CIDR range",
      ),
    );
  });
});
