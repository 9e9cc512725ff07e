import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { SecretBox } from '../secrets/index.ts';
import { openStore } from '../store/open-store.ts';
import { engineAlerts } from './engine-alerts.ts';

describe('the alert dispatcher', () => {
  it('given its store closed under it (the app failed to start), then it stops without an unhandled rejection (was: the process died)', async () => {
    const store = await openStore({ dataDir: null });
    const logged: string[] = [];
    const alerts = engineAlerts(loadConfig({}), store, {
      now: () => new Date(),
      log: (_error, what) => logged.push(what),
      secrets: new SecretBox(null),
    });
    alerts.dispatcher.start();
    await store.close();
    alerts.dispatcher.wake();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await alerts.dispatcher.close();
    expect(logged).toEqual([]);
  });
});
