import { type KeywordSuggestion, type PageSuggestion, withoutBidiControls } from '@siteseer/core';
import { isAbort, SearchUnavailableError } from '../../api/errors.ts';
import type { SearchApi } from '../../api/search-api.ts';
import { h, uniqueId } from '../../dom/element.ts';
import { debounce } from '../../timing/debounce.ts';
import { findPageInput } from './page-input.ts';
import { queryText } from './query-text.ts';

type Suggestion = KeywordSuggestion;

export interface SearchBoxOptions {
  api: SearchApi;
  debounceMs: number;
  /** The page's input (selector or element); our own labelled input when absent or not found. */
  input?: string | HTMLInputElement;
  placeholder?: string;
  theme?: 'light' | 'dark';
  /** An empty box lists the most searched queries when it gets focus. */
  popularOnFocus?: boolean;
  /** Enter or the Search button, with no suggestion chosen; or a popular query chosen. */
  onSubmit(q: string): void;
  /** A page suggestion chosen with Enter or the mouse; `position` is 1-based. */
  onChoose(suggestion: PageSuggestion, position: number, q: string): void;
}

export interface SearchBox {
  /** Our own search form, for the widget to place; null when attached to the page's input. */
  form: HTMLFormElement | null;
  /** The themed container of the suggestions, right after the page's input; null with our own form. */
  popup: HTMLElement | null;
  input: HTMLInputElement;
  destroy(): void;
}

/** Attributes the box sets on a page's input, put back as they were by destroy. */
const BORROWED = [
  'role',
  'aria-autocomplete',
  'aria-expanded',
  'aria-controls',
  'aria-activedescendant',
  'aria-label',
  'autocomplete',
  'placeholder',
];

/** What an option says: a query as searched, a page by its title (its URL when it has none). */
function optionText(suggestion: Suggestion): string {
  // Bidi controls could make one read as another (core's rule).
  if (suggestion.kind === 'query') return withoutBidiControls(suggestion.query).trim();
  return withoutBidiControls(suggestion.title).trim() || withoutBidiControls(suggestion.url);
}

function hasAccessibleName(input: HTMLInputElement): boolean {
  return (
    (input.labels?.length ?? 0) > 0 ||
    ['aria-label', 'aria-labelledby', 'title'].some((name) => input.getAttribute(name)?.trim())
  );
}

/**
 * The keyword search box: an ARIA combobox (list autocomplete) whose listbox offers, as the visitor
 * types, the queries other visitors searched (first; choosing one searches it) and page titles
 * (choosing one opens the page); with `popularOnFocus`, an empty box offers the most searched. Focus stays in the input; the active option is `aria-activedescendant`.
 * ArrowDown/ArrowUp move through the options (wrapping; Alt+ArrowDown only opens), Enter chooses the
 * active option or else submits, Escape closes the list, and a click chooses.
 */
export function createSearchBox(options: SearchBoxOptions): SearchBox {
  const listId = uniqueId('suggestions');
  const listbox = h('ul', {
    id: listId,
    role: 'listbox',
    class: 'siteseer-suggestions',
    'aria-label': 'Suggestions',
    hidden: true,
  });
  // Focus stays in the input while the list opens, so screen readers say nothing of it by
  // themselves: this polite region says how many suggestions there are, and how to reach them.
  const announcer = h('span', { class: 'siteseer-sr', 'aria-live': 'polite', 'aria-atomic': 'true' });
  const pageInput = findPageInput(options.input);
  let form: HTMLFormElement | null = null;
  let popup: HTMLElement | null = null;
  let input: HTMLInputElement;
  const saved = new Map<string, string | null>();

  if (pageInput) {
    input = pageInput;
    for (const name of BORROWED) saved.set(name, input.getAttribute(name));
    if (!hasAccessibleName(input)) input.setAttribute('aria-label', 'Search');
    popup = h(
      'div',
      { class: 'siteseer siteseer-popup', 'data-siteseer-theme': options.theme },
      listbox,
      announcer,
    );
    input.after(popup);
  } else {
    const inputId = uniqueId('q');
    input = h('input', { id: inputId, type: 'search', name: 'q', maxlength: 500 });
    form = h(
      'form',
      { class: 'siteseer-search', role: 'search' },
      h(
        'div',
        { class: 'siteseer-combobox' },
        h('label', { for: inputId, class: 'siteseer-sr' }, 'Search'),
        input,
        listbox,
        announcer,
      ),
      h('button', { type: 'submit', class: 'siteseer-primary' }, 'Search'),
    );
  }
  if (options.placeholder) input.setAttribute('placeholder', options.placeholder);
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-expanded', 'false');
  input.setAttribute('aria-controls', listId);
  // The browser's own autofill list would cover ours.
  input.setAttribute('autocomplete', 'off');

  let suggestions: Suggestion[] = [];
  let active = -1;
  let pending: AbortController | undefined;

  const optionAt = (index: number) => listbox.children.item(index);

  function setActive(index: number) {
    active = index;
    for (const [i, option] of [...listbox.children].entries()) {
      option.setAttribute('aria-selected', String(i === index));
    }
    const option = optionAt(index);
    if (option) {
      input.setAttribute('aria-activedescendant', option.id);
      // Focus stays in the input, so the browser does not scroll the list: a tall list (long
      // titles on a phone, large text) would leave the active option below its fold.
      option.scrollIntoView({ block: 'nearest' });
    } else input.removeAttribute('aria-activedescendant');
  }

  function open() {
    // Right under the input, whatever the page's layout: placed at the origin of its containing
    // block first, then moved by the distance measured to the input (CSSOM, which a CSP allows).
    listbox.style.top = '0px';
    listbox.style.left = '0px';
    listbox.hidden = false;
    const origin = listbox.getBoundingClientRect();
    const box = input.getBoundingClientRect();
    listbox.style.top = `${box.bottom - origin.top}px`;
    listbox.style.left = `${box.left - origin.left}px`;
    listbox.style.minWidth = `${box.width}px`;
    input.setAttribute('aria-expanded', 'true');
    const count = listbox.children.length;
    const words = `${count} ${count === 1 ? 'suggestion' : 'suggestions'}, use the arrow keys to choose`;
    // Said again only when the count changes: typing on with a list of 8 is not read out each pause.
    if (announcer.textContent !== words) announcer.textContent = words;
  }

  function close() {
    listbox.hidden = true;
    announcer.textContent = '';
    input.setAttribute('aria-expanded', 'false');
    setActive(-1);
  }

  function show(list: Suggestion[]) {
    suggestions = list;
    listbox.replaceChildren(
      ...list.map((suggestion, index) =>
        h(
          'li',
          {
            id: `${listId}-${index}`,
            role: 'option',
            class: 'siteseer-suggestion',
            'data-kind': suggestion.kind,
            'aria-selected': 'false',
          },
          optionText(suggestion),
        ),
      ),
    );
    setActive(-1);
    if (list.length > 0 && input.ownerDocument.activeElement === input) open();
    else close();
  }

  async function load(q: string) {
    pending?.abort();
    const controller = new AbortController();
    pending = controller;
    try {
      const answer = await options.api.suggest(q, controller.signal);
      if (!controller.signal.aborted) show(answer.suggestions);
    } catch (error) {
      if (controller.signal.aborted || isAbort(error)) return;
      // Suggestions are a convenience: without them the box still searches, and a search
      // reports the outage to the visitor.
      if (!(error instanceof SearchUnavailableError)) throw error;
      show([]);
    }
  }

  const typed = debounce((q: string) => void load(q), options.debounceMs);

  function stopSuggesting() {
    typed.cancel();
    pending?.abort();
    close();
  }

  function submit() {
    stopSuggesting();
    options.onSubmit(queryText(input.value));
  }

  function choose(index: number) {
    const suggestion = suggestions[index];
    if (!suggestion) return;
    if (suggestion.kind === 'query') {
      // A popular query is searched, as if the visitor had typed it.
      input.value = suggestion.query;
      submit();
      return;
    }
    stopSuggesting();
    options.onChoose(suggestion, index + 1, queryText(input.value));
  }

  const onInput = () => {
    // The options listed are for the text before this edit: Enter now searches what was typed,
    // as it would once the new suggestions arrive, rather than open the page arrowed to before.
    setActive(-1);
    const q = queryText(input.value);
    if (q !== '') {
      typed(q);
      return;
    }
    typed.cancel();
    pending?.abort();
    show([]);
    if (options.popularOnFocus) void load('');
  };

  const onFocus = () => {
    if (options.popularOnFocus && queryText(input.value) === '' && listbox.hidden) void load('');
  };

  const onKeydown = (event: KeyboardEvent) => {
    if (event.isComposing) return;
    const count = suggestions.length;
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && count > 0) {
      event.preventDefault();
      const down = event.key === 'ArrowDown';
      if (listbox.hidden) {
        open();
        if (!event.altKey) setActive(down ? 0 : count - 1);
      } else if (down) setActive((active + 1) % count);
      else setActive(active <= 0 ? count - 1 : active - 1);
    } else if (event.key === 'Enter') {
      // Also keeps a form around the page's input from submitting to wherever it points.
      event.preventDefault();
      if (!listbox.hidden && active >= 0) choose(active);
      else submit();
    } else if (event.key === 'Escape' && !listbox.hidden) {
      // This Escape is the list's: a site's search overlay listening on the document must not
      // close as well (a second Escape, with the list closed, reaches it).
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };

  const onFormSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    submit();
  };
  // Keeps focus in the input while the mouse picks an option.
  const onPointerDown = (event: MouseEvent) => event.preventDefault();
  const onOptionClick = (event: MouseEvent) => {
    const option = event.target instanceof Element ? event.target.closest('[role=option]') : null;
    if (option) choose([...listbox.children].indexOf(option));
  };

  const submitter = form ?? input.form;
  input.addEventListener('input', onInput);
  input.addEventListener('keydown', onKeydown);
  input.addEventListener('focus', onFocus);
  input.addEventListener('blur', close);
  submitter?.addEventListener('submit', onFormSubmit);
  listbox.addEventListener('mousedown', onPointerDown);
  listbox.addEventListener('click', onOptionClick);

  return {
    form,
    popup,
    input,
    destroy() {
      stopSuggesting();
      input.removeEventListener('input', onInput);
      input.removeEventListener('keydown', onKeydown);
      input.removeEventListener('focus', onFocus);
      input.removeEventListener('blur', close);
      submitter?.removeEventListener('submit', onFormSubmit);
      popup?.remove();
      for (const [name, value] of saved) {
        if (value === null) input.removeAttribute(name);
        else input.setAttribute(name, value);
      }
    },
  };
}
