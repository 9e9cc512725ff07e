/*
 * The synonyms file of a keyword engine (the wizard's Synonyms step, validated by the server).
 *
 * Format decision: Solr's synonyms.txt syntax, the one site-search users already have files in,
 * read one rule per line:
 *   - `a, b, c`       the phrases are equivalent: a query with any of them also finds the others;
 *   - `a, b => c, d`  one way: a query with `a` or `b` also finds `c` and `d` (not the reverse);
 *   - `# ...`         a comment line (only a whole line: `c#` is a phrase, not a comment);
 *   - blank lines are skipped; `\` makes the next character literal (`\,` is a comma in a phrase).
 * A CSV file is the same thing: each row is an equivalence group of its cells. So that a
 * spreadsheet export reads as expected, cells may be quoted (`"a, b"`, `""` inside for a quote),
 * empty cells (the padding of short rows) are ignored, and a file with no comma and no `=>` at all
 * is read with `;` or tab as its separator, whichever it has.
 * Phrases are trimmed, lowercased, and their inner whitespace collapsed to one space; a phrase
 * repeated within a rule counts once. A line that yields fewer than two phrases, or a `=>` without
 * phrases on both sides, is an error naming the line.
 */

/** One line of the synonyms file. An equivalence group has the same phrases in `from` and `to`. */
export interface SynonymRule {
  /** The phrases of a query that the rule expands. */
  from: string[];
  /** The phrases they also find. */
  to: string[];
}

/** The rules of a synonyms file in line order, and one message per line that could not be read. */
export interface ParsedSynonyms {
  rules: SynonymRule[];
  errors: string[];
}

/** Errors listed one by one before the rest are counted (a wrong file would repeat the same one). */
const MAX_ERRORS = 20;
const ARROW = '=>';

/** A phrase as rules compare it: trimmed, lowercased, inner whitespace one space. */
export function normaliseSynonymPhrase(phrase: string): string {
  return phrase.normalize('NFC').trim().toLowerCase().replace(/\s+/gu, ' ');
}

/** Parses a synonyms file (Solr synonyms.txt lines or CSV rows) into rules; see the file's note. */
export function parseSynonyms(text: string): ParsedSynonyms {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const separator = separatorOf(lines);
  const rules: SynonymRule[] = [];
  const errors: string[] = [];
  let errorCount = 0;
  lines.forEach((line, index) => {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    const read = readRule(line, separator);
    if (typeof read === 'string') {
      errorCount++;
      if (errors.length < MAX_ERRORS) errors.push(`Line ${index + 1}: ${read}`);
    } else {
      rules.push(read);
    }
  });
  if (errorCount > errors.length) errors.push(`…and ${errorCount - errors.length} more lines with errors.`);
  return { rules, errors };
}

/** The rules as a synonyms file in Solr syntax, one rule per line; `parseSynonyms` reads it back. */
export function formatSynonyms(rules: readonly SynonymRule[]): string {
  return rules
    .map((rule) => {
      const from = rule.from.map(escapePhrase).join(', ');
      return isEquivalence(rule) ? from : `${from} ${ARROW} ${rule.to.map(escapePhrase).join(', ')}`;
    })
    .join('\n');
}

/** Whether a rule works both ways (its `from` and `to` hold the same phrases). */
export function isEquivalence(rule: SynonymRule): boolean {
  if (rule.from.length !== rule.to.length) return false;
  const to = new Set(rule.to);
  return rule.from.every((phrase) => to.has(phrase));
}

function escapePhrase(phrase: string): string {
  // Only what the parser would otherwise read as syntax: the escape itself, separators, the arrow,
  // and a quote or '#' where a cell or a line starts.
  return phrase
    .replace(/[\\,]/g, (char) => `\\${char}`)
    .replaceAll(ARROW, `\\${ARROW}`)
    .replace(/^["#]/, (char) => `\\${char}`);
}

type Separator = ',' | ';' | '\t';

/** ',' unless no line has a comma or an arrow outside quotes; then ';' or tab, whichever is used. */
function separatorOf(lines: readonly string[]): Separator {
  let semicolon = false;
  let tab = false;
  for (const line of lines) {
    if (line.trim().startsWith('#')) continue;
    const unquoted = line.replace(/\\./g, '').replace(/"(?:[^"]|"")*"/g, '');
    if (unquoted.includes(',') || unquoted.includes(ARROW)) return ',';
    semicolon ||= unquoted.includes(';');
    tab ||= unquoted.includes('\t');
  }
  if (semicolon) return ';';
  return tab ? '\t' : ',';
}

/** A line's rule, or what is wrong with it. */
function readRule(line: string, separator: Separator): SynonymRule | string {
  const sides = splitLine(line, separator);
  if (typeof sides === 'string') return sides;
  if (sides.length > 2) return `use '${ARROW}' once in a rule.`;
  const [left = [], right] = sides.map((cells) => unique(cells.map(normaliseSynonymPhrase)));
  if (right !== undefined) {
    if (left.length === 0 || right.length === 0) return `'${ARROW}' needs phrases on both sides.`;
    return { from: left, to: right };
  }
  if (left.length < 2) {
    const what = left[0] === undefined ? 'this line has no phrase' : `'${clip(left[0])}' has no synonym`;
    return `${what}: list two or more phrases separated by commas, or write 'phrase ${ARROW} synonym'.`;
  }
  return { from: left, to: [...left] };
}

/**
 * The cells of a line, grouped by the sides of its arrows. A cell may be quoted CSV-style; outside
 * quotes `\` makes the next character literal.
 */
function splitLine(line: string, separator: Separator): string[][] | string {
  const sides: string[][] = [[]];
  let cell = '';
  let index = 0;
  const endCell = () => {
    sides[sides.length - 1]?.push(cell);
    cell = '';
  };
  while (index < line.length) {
    const char = line[index] as string;
    if (char === '"' && cell.trim() === '') {
      const quoted = readQuoted(line, index + 1);
      if (quoted === undefined) return 'a quote is not closed.';
      cell = quoted.text;
      index = quoted.end;
      // After the closing quote only spaces may come before the next separator or arrow.
      while (line[index] === ' ' || (line[index] === '\t' && separator !== '\t')) index++;
      const next = line[index];
      if (next !== undefined && next !== separator && !line.startsWith(ARROW, index)) {
        return 'unexpected text after a closing quote.';
      }
      continue;
    }
    if (char === '\\' && index + 1 < line.length) {
      const escaped = line.startsWith(ARROW, index + 1) ? ARROW : (line[index + 1] as string);
      cell += escaped;
      index += 1 + escaped.length;
    } else if (char === separator) {
      endCell();
      index++;
    } else if (line.startsWith(ARROW, index)) {
      endCell();
      sides.push([]);
      index += ARROW.length;
    } else {
      cell += char;
      index++;
    }
  }
  endCell();
  return sides;
}

/** A quoted cell starting after its opening quote: its text and the index after its closing quote. */
function readQuoted(line: string, start: number): { text: string; end: number } | undefined {
  let text = '';
  let index = start;
  while (index < line.length) {
    const close = line.indexOf('"', index);
    if (close < 0) return undefined;
    text += line.slice(index, close);
    if (line[close + 1] === '"') {
      text += '"';
      index = close + 2;
    } else {
      return { text, end: close + 1 };
    }
  }
  return undefined;
}

/** A phrase short enough to quote in a message. */
function clip(phrase: string): string {
  return phrase.length > 60 ? `${phrase.slice(0, 59)}…` : phrase;
}

function unique(phrases: readonly string[]): string[] {
  return [...new Set(phrases.filter((phrase) => phrase !== ''))];
}
