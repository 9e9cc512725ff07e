import { type KeywordSearchResult, withoutBidiControls } from '@siteseer/core';
import { type Child, h, srOnly } from '../../dom/element.ts';

/** How a correction is followed: the query to search, and whether to search it as typed. */
export interface CorrectionChoice {
  q: string;
  /** true: search `q` as typed, with the engine's auto-correct off ("Search instead for …"). */
  asTyped: boolean;
}

export interface CorrectionLine {
  element: HTMLElement;
  /** Shows the answer's correction, or hides the line when it has none. */
  update(result: KeywordSearchResult): void;
  hide(): void;
}

/** A query as shown in the line: one line of text, without the bidi controls that could reorder it. */
function shown(query: string): string {
  return withoutBidiControls(query).replace(/\s+/g, ' ').trim();
}

/**
 * The did-you-mean line above the results: "Did you mean **resistor**?" (a button that searches it)
 * when the engine offers a correction, or "Showing results for **resistor** · Search instead for
 * resistr" (a button that searches what was typed, auto-correct off) when the results are the
 * correction's. The queries are text nodes: nothing of them is ever HTML.
 */
export function createCorrectionLine(onChoose: (choice: CorrectionChoice) => void): CorrectionLine {
  const element = h('p', { class: 'siteseer-correction', hidden: true });
  const button = (text: string, choice: CorrectionChoice, bold: boolean) => {
    const node = h(
      'button',
      { type: 'button', class: 'siteseer-correction-link' },
      bold ? h('strong', {}, text) : text,
    );
    node.addEventListener('click', () => onChoose(choice));
    return node;
  };
  return {
    element,
    update({ didYouMean, correctedFrom }) {
      if (didYouMean === undefined || shown(didYouMean) === '') {
        element.hidden = true;
        element.replaceChildren();
        return;
      }
      const corrected = shown(didYouMean);
      element.replaceChildren(
        ...(correctedFrom === undefined
          ? ['Did you mean ', button(corrected, { q: didYouMean, asTyped: false }, true), '?']
          : [
              'Showing results for ',
              h('strong', {}, corrected),
              ' \u00b7 Search instead for ',
              button(shown(correctedFrom), { q: correctedFrom, asTyped: true }, false),
            ]),
      );
      element.hidden = false;
    },
    hide() {
      element.hidden = true;
      element.replaceChildren();
    },
  };
}

/**
 * The status with the correction in words only screen readers read (the line shows it to everyone
 * else, just below): what the results are for, or the correction offered after the count.
 */
export function withCorrection(status: string, { didYouMean, correctedFrom }: KeywordSearchResult): Child[] {
  if (didYouMean === undefined || shown(didYouMean) === '') return [status];
  if (correctedFrom !== undefined) return [srOnly(`Showing results for ${shown(didYouMean)}: `), status];
  return [status, srOnly(`${/[.!?…]$/.test(status) ? '' : '.'} Did you mean ${shown(didYouMean)}?`)];
}
