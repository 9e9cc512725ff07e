import type { ParseInput } from '../deps.ts';
import { UsageError } from '../errors.ts';

/** Readers for option and argument values, each failing with a UsageError (exit 2). */

export function optionalString(input: ParseInput, name: string): string | undefined {
  const value = input.opts[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new UsageError(`--${kebab(name)} needs a value.`);
  return value;
}

export function requiredString(input: ParseInput, name: string): string {
  const value = optionalString(input, name);
  if (value === undefined || value.trim() === '') throw new UsageError(`--${kebab(name)} is required.`);
  return value;
}

export function flag(input: ParseInput, name: string): boolean {
  return input.opts[name] === true;
}

export function argument(input: ParseInput, index: number, label: string): string {
  const value = input.args[index];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`${label} is required.`);
  return value;
}

/** A positive whole number (a version). */
export function optionalPositiveInt(input: ParseInput, name: string): number | undefined {
  const value = optionalString(input, name);
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1) {
    throw new UsageError(`--${kebab(name)} must be a whole number of 1 or more (got '${value}').`);
  }
  return Number(value);
}

/** One of a fixed set of values. */
export function oneOf<const T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  label: string,
): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new UsageError(`${label} must be one of ${allowed.join(', ')} (got '${value}').`);
  }
  return value as T;
}

/** A comma-separated list: trimmed, empty items dropped. */
export function commaList(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** A repeatable option (`--url A --url B`): its values, trimmed, empty ones dropped. */
export function stringList(input: ParseInput, name: string): string[] {
  const value = input.opts[name];
  if (value === undefined || value === null) return [];
  const values = Array.isArray(value) ? value : [value];
  if (!values.every((item) => typeof item === 'string'))
    throw new UsageError(`--${kebab(name)} needs a value.`);
  return values.map((item: string) => item.trim()).filter((item) => item !== '');
}
