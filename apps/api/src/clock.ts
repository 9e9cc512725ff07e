import { setTimeout as wait } from 'node:timers/promises';

/** Time as the server sees it; tests inject one that moves only when told to. */
export interface Clock {
  now(): Date;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => new Date(),
  sleep: async (ms) => {
    await wait(ms);
  },
};
