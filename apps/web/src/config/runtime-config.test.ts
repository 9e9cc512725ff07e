import { describe, expect, it } from 'vitest';
import { defaultRuntimeConfig, loadRuntimeConfig, resolveRuntimeConfig } from './runtime-config.ts';

describe('runtime configuration', () => {
  it('Given /config.json fails, then the same-origin defaults apply silently', async () => {
    const failing = (async () => Promise.reject(new TypeError('offline'))) as unknown as typeof fetch;
    expect(await loadRuntimeConfig(failing, 'http://portal.test')).toEqual(
      defaultRuntimeConfig('http://portal.test'),
    );
  });

  it('Given a configuration with optional links and {origin}, then they are read', async () => {
    const fetchFn = (async () =>
      Response.json({
        apiBase: '{origin}/api',
        issuer: 'https://idp.example/oidc',
        knowledgeBaseUrl: 'https://kb.example',
      })) as unknown as typeof fetch;
    const config = await loadRuntimeConfig(fetchFn, 'http://portal.test');
    expect(config.apiBase).toBe('http://portal.test/api');
    expect(config.issuer).toBe('https://idp.example/oidc');
    expect(config.knowledgeBaseUrl).toBe('https://kb.example');
    expect(config.trainingUrl).toBeUndefined();
  });

  it('Given a configuration that is not an object of texts, then the defaults apply', () => {
    const defaults = defaultRuntimeConfig('http://portal.test');
    expect(resolveRuntimeConfig({ issuer: 42 }, 'http://portal.test')).toEqual(defaults);
    expect(resolveRuntimeConfig(['{origin}/api'], 'http://portal.test')).toEqual(defaults);
    expect(resolveRuntimeConfig(null, 'http://portal.test')).toEqual(defaults);
  });
});
