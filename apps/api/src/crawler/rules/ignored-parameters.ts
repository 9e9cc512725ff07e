import { BUILT_IN_IGNORED_PARAMETERS } from '@siteseer/core';

/** Whether a query parameter, by its name as written in the URL, is dropped from it. */
export type IgnoredParameterTest = (name: string) => boolean;

interface CompiledPatterns {
  names: Set<string>;
  prefixes: string[];
}

function compile(patterns: readonly string[]): CompiledPatterns {
  const compiled: CompiledPatterns = { names: new Set(), prefixes: [] };
  for (const pattern of patterns) {
    const lower = pattern.trim().toLowerCase();
    if (lower.endsWith('*')) compiled.prefixes.push(lower.slice(0, -1));
    else if (lower !== '') compiled.names.add(lower);
  }
  return compiled;
}

const builtIn = compile(BUILT_IN_IGNORED_PARAMETERS);
const NONE: readonly string[] = [];
// An engine's list is compiled once: the crawl loop hands the same crawler settings to every URL.
const compiledByList = new WeakMap<readonly string[], CompiledPatterns>();

function matches(patterns: CompiledPatterns, name: string): boolean {
  return patterns.names.has(name) || patterns.prefixes.some((prefix) => name.startsWith(prefix));
}

/**
 * The test of the parameters a crawl drops: the built-in ones (BUILT_IN_IGNORED_PARAMETERS) and the
 * engine's `ignoreParameters`, names or `prefix*` patterns, matched case-insensitively.
 */
export function ignoredParameters(engine: readonly string[] = NONE): IgnoredParameterTest {
  let own = compiledByList.get(engine);
  if (own === undefined) {
    own = compile(engine);
    compiledByList.set(engine, own);
  }
  const engineOwn = own;
  return (name) => {
    const lower = name.toLowerCase();
    return matches(builtIn, lower) || matches(engineOwn, lower);
  };
}

/**
 * The path without `;jsessionid=…` path parameters (Java servlet containers put the session there
 * when cookies are off), in any case: each visitor's session would otherwise be a URL of its own.
 */
export function withoutSessionPathParameters(path: string): string {
  return path.includes(';') ? path.replace(/;jsessionid=[^/;?#]*/gi, '') : path;
}

/**
 * A query (`?a=1&b=2`, or '') without the pieces whose names `ignored` drops, the others kept as
 * written and in their order; unchanged when none is dropped, '' when none is left.
 */
export function withoutIgnoredParameters(search: string, ignored: IgnoredParameterTest): string {
  if (search.length <= 1) return search;
  const pieces = search.slice(1).split('&');
  const kept = pieces.filter((piece) => {
    const at = piece.indexOf('=');
    return !ignored(at === -1 ? piece : piece.slice(0, at));
  });
  if (kept.length === pieces.length) return search;
  return kept.length === 0 ? '' : `?${kept.join('&')}`;
}
