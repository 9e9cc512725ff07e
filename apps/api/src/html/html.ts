/**
 * A tiny HTML template tag: interpolated values are escaped unless wrapped in `raw()`, so nothing
 * user-supplied is ever rendered as markup by accident.
 */
const RAW = Symbol('raw');

export interface RawHtml {
  readonly [RAW]: string;
}

export function raw(markup: string): RawHtml {
  return { [RAW]: markup };
}

/** A character `escapeHtml` replaces: most texts have none and are returned as they are. */
const SPECIAL = /[&<>"']/;

export function escapeHtml(text: string): string {
  if (!SPECIAL.test(text)) return text;
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

type Interpolation = string | number | boolean | null | undefined | RawHtml | readonly Interpolation[];

function render(value: Interpolation): string {
  if (value === null || value === undefined || value === false) return '';
  if (Array.isArray(value)) return value.map(render).join('');
  if (typeof value === 'object') return (value as RawHtml)[RAW];
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Interpolation[]): RawHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return raw(out);
}

export function toHtmlString(markup: RawHtml): string {
  return markup[RAW];
}
