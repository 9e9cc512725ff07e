import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountKeywordWidget, nextOutcome, searchFor } from '../../test/mount-keyword.ts';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
  history.replaceState(null, '', '/catalog/');
});

const line = (root: HTMLElement) => root.querySelector<HTMLElement>('.siteseer-correction');
const statusText = (root: HTMLElement) => root.querySelector('[role=status]')?.textContent;
const titles = (root: HTMLElement) =>
  [...root.querySelectorAll('.siteseer-hit-title')].map((title) => title.textContent);

async function choose(root: HTMLElement, name: string): Promise<void> {
  const button = [...root.querySelectorAll<HTMLButtonElement>('.siteseer-correction button')].find(
    (candidate) => candidate.textContent === name,
  );
  if (!button) throw new Error(`no button named ${name}`);
  const outcome = nextOutcome(root);
  button.click();
  await outcome;
}

describe('did-you-mean line', () => {
  it('given a query that found nothing, then the corrected results, saying so, and the query typed on request', async () => {
    const { root, input, service } = await mountKeywordWidget({ corrections: { pricng: 'pricing' } });
    await searchFor(root, input, 'pricng');
    expect(line(root)?.hidden).toBe(false);
    expect(line(root)?.textContent).toBe('Showing results for pricing · Search instead for pricng');
    expect(line(root)?.querySelector('strong')?.textContent).toBe('pricing');
    expect(statusText(root)).toBe('Showing results for pricing: 1 result');
    expect(titles(root)).toEqual(['Pricing']);
    expect(service.last().has('autoCorrect')).toBe(false);

    await choose(root, 'pricng');
    expect(service.last().get('autoCorrect')).toBe('false');
    expect(service.last().get('q')).toBe('pricng');
    expect(input.value).toBe('pricng');
    expect(document.activeElement).toBe(input);
    expect(line(root)?.textContent).toBe('Did you mean pricing?');
    expect(statusText(root)).toBe('No results found. Did you mean pricing?');
  });

  it('given a correction offered, then its button searches it, with auto-correct back on', async () => {
    const { root, input, service } = await mountKeywordWidget({
      corrections: { pricng: 'pricing' },
      keyword: { autoCorrect: false },
    });
    await searchFor(root, input, 'pricng');
    expect(service.last().get('autoCorrect')).toBe('false');
    expect(line(root)?.textContent).toBe('Did you mean pricing?');
    await choose(root, 'pricing');
    expect(service.last().get('q')).toBe('pricing');
    expect(input.value).toBe('pricing');
    expect(titles(root)).toEqual(['Pricing']);
    expect(line(root)?.hidden).toBe(true);
  });

  it('given a new query after "Search instead", then auto-correct applies again', async () => {
    const { root, input, service } = await mountKeywordWidget({ corrections: { pricng: 'pricing' } });
    await searchFor(root, input, 'pricng');
    await choose(root, 'pricng');
    await searchFor(root, input, 'widget');
    expect(service.last().has('autoCorrect')).toBe(false);
    expect(line(root)?.hidden).toBe(true);
    expect(line(root)?.childNodes).toHaveLength(0);
  });

  it('shows a hostile correction as text, never as HTML', async () => {
    const hostile = '<img src=x onerror="alert(1)">widget';
    const { root, input } = await mountKeywordWidget({ corrections: { '<b>wigdet</b>': hostile } });
    await searchFor(root, input, '<b>wigdet</b>');
    expect(line(root)?.querySelector('img, b')).toBeNull();
    expect(line(root)?.textContent).toBe(`Showing results for ${hostile} · Search instead for <b>wigdet</b>`);
  });
});
