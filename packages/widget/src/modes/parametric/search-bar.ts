import { h, uniqueId } from '../../dom/element.ts';
import { debounce } from '../../timing/debounce.ts';

/**
 * The free-text search box. Typing searches after `debounceMs` of quiet; Enter or the Search
 * button searches at once.
 */
export function createSearchBar(
  onText: (q: string, submitted: boolean) => void,
  debounceMs: number,
): { element: HTMLElement; setText(q: string): void; dispose(): void } {
  const inputId = uniqueId('q');
  const input = h('input', { id: inputId, type: 'search', name: 'q', autocomplete: 'off', maxlength: 500 });
  const form = h(
    'form',
    { class: 'siteseer-search', role: 'search' },
    h('label', { for: inputId, class: 'siteseer-sr' }, 'Search'),
    input,
    h('button', { type: 'submit', class: 'siteseer-primary' }, 'Search'),
  );
  const typed = debounce(onText, debounceMs);
  input.addEventListener('input', () => typed(input.value.trim(), false));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    typed.cancel();
    onText(input.value.trim(), true);
  });
  return {
    element: form,
    setText: (q) => {
      input.value = q;
    },
    dispose: typed.cancel,
  };
}
