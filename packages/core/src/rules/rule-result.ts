import type { z } from 'zod';

/** The outcome of a list operation: the new value, or the one message that explains the refusal. */
export type RuleResult<T> = { ok: true; value: T } | { ok: false; error: string };

/** One message per field; a field without a key is valid. */
export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/** A successful rule result. */
export function ok<T>(value: T): RuleResult<T> {
  return { ok: true, value };
}

/** A refused rule result. */
export function fail<T>(error: string): RuleResult<T> {
  return { ok: false, error };
}

/** The first message of each top-level field of a zod error; forms show one message per field. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '';
    errors[key] ??= issue.message;
  }
  return errors;
}
