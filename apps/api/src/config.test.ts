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

describe("the user menu's links", () => {
  it('take SITESEER_TRAINING_URL and SITESEER_KNOWLEDGE_BASE_URL', () => {
    const config = loadConfig({
      SITESEER_TRAINING_URL: 'https://learn.example.com/siteseer',
      SITESEER_KNOWLEDGE_BASE_URL: 'https://help.example.com/',
    });
    expect([config.trainingUrl, config.knowledgeBaseUrl]).toEqual([
      'https://learn.example.com/siteseer',
      'https://help.example.com/',
    ]);
  });

  it('without them: no training link, the documentation as the knowledge base', () => {
    const config = loadConfig({ SITESEER_PUBLIC_URL: 'https://search.example.com' });
    expect([config.trainingUrl, config.knowledgeBaseUrl]).toEqual([
      undefined,
      'https://search.example.com/documentation',
    ]);
  });
});
