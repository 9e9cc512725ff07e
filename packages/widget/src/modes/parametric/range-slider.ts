import type { Facet } from '@siteseer/core';
import { h } from '../../dom/element.ts';
import type { RangeSelection } from './query-state.ts';

type RangeFacet = Extract<Facet, { kind: 'range' }>;

export interface RangeSliderOptions {
  /** The filter's label: the thumbs are named '{label} minimum' and '{label} maximum'. */
  label: string;
  /** The thumbs' step (1 for whole numbers, a day for dates); else a round step of about 1/100 of the span. */
  step: number | undefined;
  /** A value as people read it, for aria-valuetext. */
  show(value: number): string;
  /** While a thumb moves. */
  onInput(range: RangeSelection): void;
  /** When a thumb is let go, or moved by a key. */
  onChange(range: RangeSelection): void;
}

export interface RangeSlider {
  element: HTMLElement;
  /** The bounds and histogram the thumbs move over; hidden when there is nothing to slide. */
  setFacet(facet: RangeFacet): void;
  /** Puts the thumbs on a selection (an open bound at its end). */
  show(range: RangeSelection): void;
}

/** A round step near a hundredth of `span` (0.1, 1, 10…), so moved values stay readable. */
function roundStep(span: number): number {
  return span > 0 ? 10 ** Math.floor(Math.log10(span / 100)) : 1;
}

/**
 * Two native range inputs over one track (role slider, arrow keys, Page Up/Down, Home/End, for
 * free), with the histogram of the facet's values drawn behind them; the bars within the
 * selection are highlighted. The histogram is decoration: the thumbs say their values.
 */
export function createRangeSlider(options: RangeSliderOptions): RangeSlider {
  const thumb = (bound: 'minimum' | 'maximum') =>
    h('input', {
      type: 'range',
      class: `siteseer-thumb siteseer-thumb--${bound === 'minimum' ? 'min' : 'max'}`,
      'aria-label': `${options.label} ${bound}`,
    });
  const low = thumb('minimum');
  const high = thumb('maximum');
  const bars = h('div', { class: 'siteseer-histogram', 'aria-hidden': 'true' });
  const element = h(
    'div',
    { class: 'siteseer-slider' },
    bars,
    h('div', { class: 'siteseer-thumbs' }, low, high),
  );
  let bounds = { min: 0, max: 0, step: 1, top: 0 };

  const range = (): RangeSelection => {
    const selection: RangeSelection = {};
    const a = Number(low.value);
    const b = Number(high.value);
    if (a > bounds.min) selection.min = a;
    if (b < bounds.top) selection.max = b;
    return selection;
  };

  const paint = () => {
    const a = Number(low.value);
    const b = Number(high.value);
    low.setAttribute('aria-valuetext', options.show(Math.max(a, bounds.min)));
    high.setAttribute('aria-valuetext', options.show(b >= bounds.top ? bounds.max : b));
    const count = bars.children.length;
    const width = (bounds.max - bounds.min) / Math.max(1, count);
    [...bars.children].forEach((bar, i) => {
      const centre = bounds.min + (i + 0.5) * width;
      bar.classList.toggle('siteseer-bar--in', centre >= a - width / 2 && centre <= b + width / 2);
    });
  };

  const moved = (moving: HTMLInputElement) => {
    // The thumbs never cross: the one moving stops at the other.
    if (Number(low.value) > Number(high.value)) moving.value = (moving === low ? high : low).value;
    paint();
  };
  for (const input of [low, high]) {
    input.addEventListener('input', () => {
      moved(input);
      options.onInput(range());
    });
    input.addEventListener('change', () => {
      moved(input);
      options.onChange(range());
    });
  }

  return {
    element,
    setFacet(facet) {
      element.hidden = facet.min === null || facet.max === null || facet.min === facet.max;
      if (facet.min === null || facet.max === null) return;
      const step = options.step ?? roundStep(facet.max - facet.min);
      // A range input only takes min + k * step: the highest value a thumb reaches.
      const top = facet.min + Math.floor((facet.max - facet.min) / step) * step;
      bounds = { min: facet.min, max: facet.max, step, top };
      for (const input of [low, high]) {
        input.min = String(facet.min);
        input.max = String(top);
        input.step = String(step);
      }
      const histogram = facet.histogram ?? [];
      const tallest = Math.max(1, ...histogram);
      bars.replaceChildren(
        ...histogram.map((count) => {
          const bar = h('span', { class: 'siteseer-bar' });
          // At least a sliver, so an empty bucket still reads as part of the range.
          bar.style.height = `${count === 0 ? 0 : Math.max(6, (count / tallest) * 100)}%`;
          return bar;
        }),
      );
      paint();
    },
    show(selection) {
      low.value = String(selection.min ?? bounds.min);
      high.value = String(selection.max === undefined ? bounds.top : Math.min(selection.max, bounds.top));
      paint();
    },
  };
}
