/**
 * A wildcard pattern as a RegExp: `*` is any run of characters (also none), `?` exactly one character
 * (one code point, so an emoji counts once), everything else literal. Anchored at both ends and
 * case-insensitive, as URLs are matched in relevance rules.
 */
export function wildcardToRegExp(pattern: string): RegExp {
  const source = [...pattern]
    .map((char) => {
      if (char === '*') return '.*';
      if (char === '?') return '.';
      return /[\\^$.*+?()[\]{}|/]/.test(char) ? `\\${char}` : char;
    })
    .join('');
  return new RegExp(`^${source}$`, 'isu');
}

/** Whether the whole text matches the wildcard pattern (see wildcardToRegExp). */
export function matchesWildcard(text: string, pattern: string): boolean {
  return wildcardToRegExp(pattern.trim()).test(text);
}
