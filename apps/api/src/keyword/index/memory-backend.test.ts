import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KeywordPage } from '../backend.ts';
import { keywordBackendContract } from '../backend-contract.test-kit.ts';
import { createMemoryBackend } from './memory-backend.ts';

keywordBackendContract('the in-memory backend', createMemoryBackend);

describe('the in-memory backend indexing a generation', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('given pages that each take a long time to index, then the event loop gets a turn between them', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const turns: boolean[] = [];
    let turned = false;
    /** A page whose body takes 20 ms (of the faked clock) to read; it notes whether a turn passed. */
    const slowPage = (n: number): KeywordPage => ({
      key: `https://example.com/${n}`,
      url: `https://example.com/${n}`,
      title: `Page ${n}`,
      headings: [],
      description: '',
      tags: [],
      language: 'en',
      get body() {
        turns.push(turned);
        turned = false;
        setImmediate(() => {
          turned = true;
        });
        vi.advanceTimersByTime(20);
        return `words of page ${n}`;
      },
    });
    async function* pages() {
      yield [slowPage(1), slowPage(2), slowPage(3)];
    }
    await createMemoryBackend().index({ accountId: 'a', engineId: 'e', generation: '1:x' }, pages());
    // Three pages of one batch, a turn of the event loop before each but the first.
    expect(turns).toEqual([false, true, true]);
  });

  it('given a delayed event loop, then the build pauses as long as each of its turns', async () => {
    vi.useFakeTimers({ toFake: ['performance', 'setTimeout'] });
    const page = (n: number): KeywordPage => ({
      key: `https://example.com/${n}`,
      url: `https://example.com/${n}`,
      title: `Page ${n}`,
      headings: [],
      description: '',
      tags: [],
      language: 'en',
      get body() {
        vi.advanceTimersByTime(10);
        return `words of page ${n}`;
      },
    });
    async function* pages() {
      yield [page(1), page(2)];
    }
    const delayed = Object.assign(() => true, { stop: () => {} });
    let done = false;
    void createMemoryBackend(() => delayed)
      .index({ accountId: 'a', engineId: 'e', generation: '1:x' }, pages())
      .then(() => {
        done = true;
      });
    for (let n = 0; n < 20; n++) await new Promise((resolve) => setImmediate(resolve));
    // Paused after its first page (a turn of 10 ms): nothing goes on until that time has passed.
    expect(done).toBe(false);
    for (let n = 0; n < 50 && !done; n++) {
      vi.advanceTimersByTime(5);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(done).toBe(true);
  });
});
