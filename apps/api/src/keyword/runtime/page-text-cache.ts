import { type PageText, readPageTexts } from '../../repositories/keyword/pages.ts';
import type { Store } from '../../store/types.ts';
import type { Generation } from './live-keyword.ts';

/** Characters of page text kept for the next searches (two bytes each). */
const CACHE_CHARS = 32 * 1024 * 1024;

/**
 * The texts of recently shown pages read from the store (a generation whose texts file failed),
 * by generation and page key: a page's texts never change
 * within a generation, and a few popular queries show the same pages again and again. Bounded by
 * characters, not entries: bodies run from a few hundred characters to a million.
 */
export class PageTextCache {
  readonly #entries = new Map<string, PageText>();
  #chars = 0;

  /**
   * The texts of these pages of the generation: from the cache, else one statement for the rest.
   */
  async read(store: Store, generation: Generation, keys: readonly string[]): Promise<Map<string, PageText>> {
    const prefix = `${generation.key.accountId}/${generation.key.engineId}/${generation.runId}/`;
    const found = new Map<string, PageText>();
    const missing: string[] = [];
    for (const key of keys) {
      const known = this.#entries.get(prefix + key);
      if (known) {
        this.#entries.delete(prefix + key);
        this.#entries.set(prefix + key, known);
        found.set(key, known);
      } else missing.push(key);
    }
    if (missing.length === 0) return found;
    const read = await readPageTexts(store, { ...generation.key, runId: generation.runId }, missing);
    for (const [key, text] of read) {
      found.set(key, text);
      this.#add(prefix + key, text);
    }
    return found;
  }

  #add(key: string, text: PageText): void {
    const size = text.body.length + text.description.length + text.title.length;
    if (size > CACHE_CHARS / 8) return;
    const old = this.#entries.get(key);
    if (old) this.#chars -= old.body.length + old.description.length + old.title.length;
    this.#entries.delete(key);
    this.#entries.set(key, text);
    this.#chars += size;
    for (const [oldest, entry] of this.#entries) {
      if (this.#chars <= CACHE_CHARS) break;
      this.#entries.delete(oldest);
      this.#chars -= entry.body.length + entry.description.length + entry.title.length;
    }
  }
}
