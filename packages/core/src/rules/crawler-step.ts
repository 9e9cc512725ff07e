import { MESSAGES } from './messages.ts';
import type { FieldErrors, RuleResult } from './rule-result.ts';
import { fail, ok } from './rule-result.ts';
import { toCrawlUrl, validateSiteUrlInput } from './site-url.ts';
import type { WizardMode } from './wizard-mode.ts';

// Entries are compared by the URL the crawler would fetch; an unparsable stored entry by its text.
function sameSite(a: string, b: string): boolean {
  return (toCrawlUrl(a) ?? a.trim()) === (toCrawlUrl(b) ?? b.trim());
}

/**
 * Adds a site URL typed in the crawler step (Enter or Add URL). The value is trimmed; an invalid URL
 * is refused; a duplicate replaces the existing entry in its place. Blank input changes nothing.
 */
export function addSiteUrl(urls: readonly string[], input: string): RuleResult<string[]> {
  const value = input.trim();
  if (value === '') return ok([...urls]);
  const error = validateSiteUrlInput(value);
  if (error) return fail(error);
  const at = urls.findIndex((url) => sameSite(url, value));
  if (at < 0) return ok([...urls, value]);
  const rest = urls.filter((url, index) => index <= at || !sameSite(url, value));
  rest[at] = value;
  return ok(rest);
}

/** Removes a site URL; in edit mode the last remaining URL cannot be removed (the crawler needs one). */
export function removeSiteUrl(urls: readonly string[], url: string, mode: WizardMode): RuleResult<string[]> {
  const remaining = urls.filter((entry) => !sameSite(entry, url));
  if (mode === 'edit' && remaining.length === 0 && urls.length > 0) return fail(MESSAGES.lastUrlNotRemovable);
  return ok(remaining);
}

/** Whether a URL's remove button is enabled. */
export function canRemoveSiteUrl(urls: readonly string[], mode: WizardMode): boolean {
  return mode === 'create' || urls.length > 1;
}

/** URLs of an edited engine that were not in its original list: each gets a new crawl started. */
export function urlsToStartCrawling(original: readonly string[], current: readonly string[]): string[] {
  return current.filter((url) => !original.some((before) => sameSite(before, url)));
}

/** What the crawler step validates: the URL list, the origin, and the URL still in the input box. */
export interface CrawlerStepInput {
  urls: readonly string[];
  origin: string | null | undefined;
  newUrl?: string;
}

export type CrawlerStepField = 'urls' | 'origin' | 'newUrl';

/** The crawler step's verdict; `message` is 'Correct errors before proceeding.' when blocking. */
export interface CrawlerStepResult {
  errors: FieldErrors<CrawlerStepField>;
  blocking: boolean;
  message?: string;
}

const BLOCKING_FIELDS: readonly CrawlerStepField[] = ['urls', 'origin'];

/**
 * Validates the crawler step. URL list and origin errors are blocking; an invalid URL left in the
 * input box is reported but does not block, since it is not part of the engine until added.
 */
export function validateCrawlerStep(step: CrawlerStepInput): CrawlerStepResult {
  const errors: CrawlerStepResult['errors'] = {};
  if (step.urls.length === 0) errors.urls = MESSAGES.atLeastOneSite;
  if (!step.origin?.trim()) errors.origin = MESSAGES.originRequired;
  const newUrlError = validateSiteUrlInput(step.newUrl ?? '');
  if (newUrlError) errors.newUrl = newUrlError;
  const blocking = BLOCKING_FIELDS.some((field) => errors[field] !== undefined);
  return blocking ? { errors, blocking, message: MESSAGES.correctErrors } : { errors, blocking };
}
