import { formatSynonyms, KeywordEngineDraft, parseSynonyms, type SynonymsValidation } from '@siteseer/core';
import { readAccess, requireProduct } from '../access/engine-access.ts';
import type { Principal } from '../auth/authenticate.ts';
import type { Changes } from '../changes/changes.ts';
import { InputError } from '../errors.ts';
import type { Store } from '../store/types.ts';
import { getEngine, updateEngine } from './engines.ts';

export interface SynonymsUpload {
  accountId: string;
  fileName: string;
  bytes: Uint8Array;
}

const NOT_TEXT = 'The file is not text: save it as UTF-8 (or UTF-16 with its byte order mark).';
const NO_RULES = 'The file has no synonym rules.';

/**
 * Validates a synonyms file for the keyword wizard of an account the caller may read (another
 * tenant's account is a 404, like a missing one). Valid when it is text with at least one rule and
 * no line in error; the answer's table is the file normalised, one rule per line in Solr syntax,
 * which the wizard stores as the engine's `csvSynonymTable` and the search runtime reads back.
 */
export async function validateSynonyms(
  store: Store,
  principal: Principal,
  upload: SynonymsUpload,
): Promise<SynonymsValidation> {
  const { account } = await readAccess(store, principal, upload.accountId);
  requireProduct(account, 'kw');
  const text = decodeText(upload.bytes);
  if (text === undefined) return { valid: false, csvSynonymTable: '', errors: [NOT_TEXT] };
  const { rules, errors } = parseSynonyms(text);
  if (errors.length > 0) return { valid: false, csvSynonymTable: '', errors };
  if (rules.length === 0) return { valid: false, csvSynonymTable: '', errors: [NO_RULES] };
  return { valid: true, csvSynonymTable: formatSynonyms(rules), errors: [] };
}

/**
 * The file as text: UTF-8 (a byte order mark dropped), or UTF-16 when it starts with its byte order
 * mark (a spreadsheet's "Unicode text" export); undefined for anything else, rather than a guess.
 */
function decodeText(bytes: Uint8Array): string | undefined {
  const encoding =
    bytes[0] === 0xff && bytes[1] === 0xfe
      ? 'utf-16le'
      : bytes[0] === 0xfe && bytes[1] === 0xff
        ? 'utf-16be'
        : 'utf-8';
  let text: string;
  try {
    text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch (error) {
    // The decoder reports bytes that are not of the encoding with a TypeError.
    if (error instanceof TypeError) return undefined;
    throw error;
  }
  // A NUL never occurs in text: a binary file that happens to decode.
  return text.includes('\0') ? undefined : text;
}

/**
 * Adds the one-way rule `from => to` to a keyword engine's synonyms, through
 * the engine update every wizard save goes through (the same checks of role and account): what the
 * analytics' "Add as synonym" does for a search with no results and its correction. A rule already
 * there is not added twice.
 */
export async function addSynonymRule(
  store: Store,
  changes: Changes,
  principal: Principal,
  engine: { accountId: string; engineId: string },
  rule: { from: string; to: string },
): Promise<void> {
  const from = rule.from.trim().toLowerCase();
  const to = rule.to.trim().toLowerCase();
  if (from === '' || to === '' || from === to) throw new InputError('A synonym needs two different phrases.');
  const current = await getEngine(store, principal, engine.accountId, engine.engineId);
  if (current.searchEngineType !== 'kw') throw new InputError('Only keyword engines have synonyms.');
  const draft = KeywordEngineDraft.parse({ ...current, searchEngineType: 'kw' });
  const { rules } = parseSynonyms(draft.csvSynonymTable);
  const known = rules.some((r) => r.from.includes(from) && r.to.includes(to));
  const csvSynonymTable = known
    ? draft.csvSynonymTable
    : formatSynonyms([...rules, { from: [from], to: [to] }]);
  await updateEngine(store, changes, principal, engine.engineId, { ...draft, csvSynonymTable });
}
