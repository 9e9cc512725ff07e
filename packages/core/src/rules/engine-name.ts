import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { hasControlCharacter } from '../domain/control-characters.ts';
import { MESSAGES } from './messages.ts';
import type { FieldErrors } from './rule-result.ts';
import { fieldErrorsOf } from './rule-result.ts';
import type { WizardMode } from './wizard-mode.ts';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Characters as a reader counts them (grapheme clusters), so 'é' written as e + accent and an emoji
 * each count once: the 5-character minimum is about what the user sees, not UTF-16 code units.
 */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of graphemes.segment(text)) count++;
  return count;
}

/**
 * The stored form of an engine name: trimmed. The portal applies it on change; an input may keep the
 * untrimmed text while focused so that a space between words can still be typed.
 */
export function normaliseEngineName(name: string): string {
  return name.trim();
}

/** An engine name field: trimmed, required, no control characters, at least 5 characters. */
export const EngineNameField = z
  .string({ error: MESSAGES.engineNameRequired })
  .trim()
  .min(1, MESSAGES.engineNameRequired)
  .refine((name) => !hasControlCharacter(name), MESSAGES.engineNameControlCharacters)
  .refine((name) => characterCount(name) >= LIMITS.engineNameMinLength, MESSAGES.engineNameTooShort);

/** The message for an engine name, or undefined when it is valid. */
export function validateEngineName(name: string | null | undefined): string | undefined {
  const result = EngineNameField.safeParse(name ?? '');
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** Engine name (and account) can only be chosen when creating: an engine keeps its name for life. */
export function isEngineNameEditable(mode: WizardMode): boolean {
  return mode === 'create';
}

/** The keyword wizard's name step: an account and a valid engine name. */
export const KeywordNameStepForm = z.object({
  accountId: z.string({ error: MESSAGES.accountRequired }).trim().min(1, MESSAGES.accountRequired),
  searchEngineName: EngineNameField,
});
export type KeywordNameStepForm = z.infer<typeof KeywordNameStepForm>;

/** Errors of the keyword name step by field (accountId, searchEngineName); empty when valid. */
export function validateKeywordNameStep(input: {
  accountId: string | null | undefined;
  searchEngineName: string | null | undefined;
}): FieldErrors<'accountId' | 'searchEngineName'> {
  const result = KeywordNameStepForm.safeParse({
    accountId: input.accountId ?? '',
    searchEngineName: input.searchEngineName ?? '',
  });
  return result.success ? {} : fieldErrorsOf(result.error);
}
