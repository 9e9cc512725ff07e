import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WidgetModeName } from '../reference/theme-properties.ts';

/*
 * Facts read from the widget's own source files, as text, for the reference check
 * (reference/reference.test.ts): the theme's defaults, the custom properties each mode's CSS rules
 * read, the classes each mode's code sets and the events it emits. Node only (reads files).
 */

export const SRC = fileURLToPath(new URL('../', import.meta.url));

function readSource(path: string): string {
  return readFileSync(join(SRC, path), 'utf8');
}

/** A CSS rule: its selectors and its declarations' text (at-rules are entered, not kept). */
interface CssRule {
  selectors: string[];
  body: string;
}

/** The style rules of a stylesheet, those inside @media blocks included. */
function cssRules(css: string): CssRule[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const rules: CssRule[] = [];
  let position = 0;
  while (position < text.length) {
    const open = text.indexOf('{', position);
    if (open < 0) break;
    const prelude = text.slice(position, open).trim();
    if (prelude.startsWith('@')) {
      // A conditional group: its rules follow as if at top level.
      position = open + 1;
      continue;
    }
    const close = text.indexOf('}', open);
    if (close < 0) throw new Error(`Unclosed CSS rule '${prelude}'`);
    rules.push({
      selectors: prelude
        .replace(/^}\s*/, '')
        .split(',')
        .map((s) => s.trim()),
      body: text.slice(open + 1, close),
    });
    position = close + 1;
    // Skip the closing braces of at-rule blocks.
    while (/^\s*}/.test(text.slice(position))) position = text.indexOf('}', position) + 1;
  }
  return rules;
}

/** The custom properties a declaration block sets, by name. */
function declaredProperties(body: string): Map<string, string> {
  const declared = new Map<string, string>();
  for (const match of body.matchAll(/(--siteseer-[\w-]+)\s*:\s*([^;]+);/g)) {
    if (match[1] && match[2]) declared.set(match[1], match[2].trim());
  }
  return declared;
}

/** The theme's defaults: light, the pinned dark theme, and the dark scheme by media query. */
export function themeDefaults(): {
  light: Map<string, string>;
  pinnedDark: Map<string, string>;
  preferredDark: Map<string, string>;
} {
  const rules = cssRules(readSource('styles/theme.css'));
  const block = (selector: string) => {
    const rule = rules.find((r) => r.selectors.join(',') === selector);
    if (!rule) throw new Error(`styles/theme.css has no rule '${selector}'`);
    return declaredProperties(rule.body);
  };
  return {
    light: block(':where(.siteseer)'),
    pinnedDark: block(':where(.siteseer[data-siteseer-theme="dark"])'),
    preferredDark: block(':where(.siteseer:not([data-siteseer-theme="light"]))'),
  };
}

/** Every .ts file reachable from `entries` by relative imports (paths relative to src/). */
function moduleClosure(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const match of readSource(path).matchAll(/from '(\.{1,2}\/[^']+\.ts)'/g)) {
      const target = match[1];
      if (target) visit(relative(SRC, join(SRC, dirname(path), target)));
    }
  };
  for (const entry of entries) visit(entry);
  return seen;
}

const CLASS_LIST = /^siteseer(?:-{1,2}[a-z0-9]+)*(?: siteseer(?:-{1,2}[a-z0-9]+)*)*$/;

/** The classes set by the code of `files`: string literals made only of siteseer class names. */
export function classLiterals(files: Iterable<string>): Set<string> {
  const classes = new Set<string>();
  for (const file of files) {
    for (const match of readSource(file).matchAll(/'([^'\\\n]*)'/g)) {
      const literal = match[1] ?? '';
      if (CLASS_LIST.test(literal)) for (const name of literal.split(' ')) classes.add(name);
    }
  }
  return classes;
}

/** The text of a call's arguments, from the '(' at `open` to its matching ')'. */
function callArguments(text: string, open: number): string {
  let depth = 0;
  for (let index = open; index < text.length; index += 1) {
    if (text[index] === '(') depth += 1;
    else if (text[index] === ')') {
      depth -= 1;
      if (depth === 0) return text.slice(open + 1, index);
    }
  }
  throw new Error('Unbalanced parentheses in an emit call');
}

/** The client events `files` emit: name, and whether some emit of it is cancelable. */
export function emittedEvents(files: Iterable<string>): Map<string, { cancelable: boolean }> {
  const events = new Map<string, { cancelable: boolean }>();
  for (const file of files) {
    const text = readSource(file);
    for (const match of text.matchAll(/\bemit\(/g)) {
      const args = callArguments(text, (match.index ?? 0) + 'emit'.length);
      const name = /^\s*[\w.]+,\s*'(siteseer:[a-z]+)'/.exec(args)?.[1];
      if (!name) continue;
      const cancelable = /cancelable:\s*true/.test(args);
      events.set(name, { cancelable: cancelable || (events.get(name)?.cancelable ?? false) });
    }
  }
  return events;
}

/** The code of each mode: its renderer(s) and what they import, plus mount.ts's own root and status. */
const MODE_ENTRIES: Record<WidgetModeName, string[]> = {
  parametric: ['modes/parametric/parametric-mode.ts'],
  keyword: ['modes/keyword/keyword-mode.ts', 'modes/keyword/redirect-box.ts'],
};

export function modeFiles(mode: WidgetModeName): Set<string> {
  return new Set([...moduleClosure(MODE_ENTRIES[mode]), 'mount.ts']);
}

/** The components' stylesheets (theme.css only declares the properties). */
const COMPONENT_STYLES = ['styles/widget.css', 'styles/keyword.css'];

/**
 * The custom properties a mode reads: those in the rules whose selectors name only classes that
 * mode's code sets (a rule for `.siteseer-dialog` is parametric; one for `.siteseer` alone, both).
 */
export function propertiesReadBy(mode: WidgetModeName): Set<string> {
  const classes = classLiterals(modeFiles(mode));
  const read = new Set<string>();
  for (const file of COMPONENT_STYLES) {
    for (const rule of cssRules(readSource(file))) {
      const applies = rule.selectors.some((selector) =>
        [...selector.matchAll(/\.([a-z][\w-]*)/g)].every((m) => classes.has(m[1] ?? '')),
      );
      if (!applies) continue;
      for (const m of rule.body.matchAll(/var\((--siteseer-[\w-]+)/g)) if (m[1]) read.add(m[1]);
    }
  }
  return read;
}
