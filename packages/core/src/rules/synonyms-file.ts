import { LIMITS } from '../constants.ts';
import type { FileLike } from './file-type.ts';
import { hasExtension } from './file-type.ts';
import { MESSAGES } from './messages.ts';
import type { RuleResult } from './rule-result.ts';
import { fail, ok } from './rule-result.ts';

/**
 * 'File must be CSV or TXT.' unless the synonyms file is .csv or .txt (any case); when its size is
 * known, the 1 MB limit too (inclusive).
 */
export function validateSynonymsFile(file: Pick<FileLike, 'name'> & Partial<FileLike>): string | undefined {
  if (!hasExtension(file.name, ['csv', 'txt'])) return MESSAGES.fileMustBeCsvOrTxt;
  if (file.size !== undefined && file.size > LIMITS.synonymsMaxBytes) return MESSAGES.synonymsFileTooLarge;
  return undefined;
}

/** What the server's synonyms validation returns (`data` of POST searchengines/synonyms/validate). */
export interface SynonymsAnswer {
  valid: boolean;
  csvSynonymTable?: string | null;
}

/** The synonym table that replaces the current one, or the invalid-file message. */
export function readSynonymsValidation(result: SynonymsAnswer): RuleResult<string> {
  return result.valid && typeof result.csvSynonymTable === 'string'
    ? ok(result.csvSynonymTable)
    : fail(MESSAGES.synonymsFileInvalid);
}
