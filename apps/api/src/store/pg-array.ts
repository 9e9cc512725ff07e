/**
 * Parser for PostgreSQL's text form of arrays (`{1,NULL,"a,b",{2,3}}`), used for the `pg` driver so
 * its arrays come out exactly like PGlite's, element parser included.
 */
export type PgArray<T> = Array<T | null | PgArray<T>>;

export function parsePgArray<T>(text: string, parseElement: (value: string) => T): PgArray<T> {
  // Arrays with non-default bounds are printed as `[0:1]={...}`; the bounds carry no values.
  let i = text.startsWith('[') ? text.indexOf('=') + 1 : 0;
  if (text[i] !== '{') throw new SyntaxError(`Not a PostgreSQL array literal: ${text.slice(0, 80)}`);
  const stack: PgArray<T>[] = [];
  let root: PgArray<T> | undefined;
  for (; i < text.length; i++) {
    const ch = text[i];
    const current = stack.at(-1);
    if (ch === '{') {
      const nested: PgArray<T> = [];
      if (current) current.push(nested);
      else root = nested;
      stack.push(nested);
    } else if (ch === '}') {
      stack.pop();
    } else if (ch === ',') {
      // separator between elements
    } else if (current === undefined) {
      throw new SyntaxError(`Unexpected text after a PostgreSQL array literal: ${text.slice(i, i + 80)}`);
    } else if (ch === '"') {
      let value = '';
      for (i++; i < text.length && text[i] !== '"'; i++) {
        if (text[i] === '\\') i++;
        value += text[i];
      }
      current.push(parseElement(value));
    } else {
      let end = i;
      while (end < text.length && text[end] !== ',' && text[end] !== '}') end++;
      const value = text.slice(i, end);
      // Only an unquoted NULL is SQL NULL; a quoted "NULL" is the string.
      current.push(value.toUpperCase() === 'NULL' ? null : parseElement(value));
      i = end - 1;
    }
  }
  if (root === undefined || stack.length > 0) {
    throw new SyntaxError(`Unterminated PostgreSQL array literal: ${text.slice(0, 80)}`);
  }
  return root;
}
