import { load } from 'cheerio/slim';
import { InputError } from '../../errors.ts';

// css-select compiles a selector when it is first run: running it on an empty page checks it.
const EMPTY = load('');

/** Why `selector` is not a CSS selector extraction can run, or undefined when it is one. */
export function selectorProblem(selector: string): string | undefined {
  try {
    EMPTY(selector);
    return undefined;
  } catch (error) {
    // css-what and css-select throw plain Errors for syntax and for unsupported pseudo-classes.
    if (error instanceof Error) return error.message;
    throw error;
  }
}

/** Throws an InputError naming the setting when its selector is not valid. */
export function assertSelector(selector: string, setting: string): void {
  const problem = selectorProblem(selector);
  if (problem !== undefined)
    throw new InputError(`The ${setting} "${selector}" is not a valid CSS selector: ${problem}.`);
}
