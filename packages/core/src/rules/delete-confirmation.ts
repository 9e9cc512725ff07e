import { MESSAGES } from './messages.ts';

/**
 * Delete confirmations (engine and account): the typed text must equal the name exactly, untrimmed
 * and case-sensitive, so the user has really read which one goes. An empty name never confirms.
 */
export function isDeleteConfirmed(typed: string, name: string): boolean {
  return name !== '' && typed === name;
}

/** The message for a confirmation that does not match (for surfaces without a disabled button, e.g. the CLI). */
export function deleteConfirmationError(typed: string, name: string): string | undefined {
  return isDeleteConfirmed(typed, name) ? undefined : MESSAGES.deleteConfirmationMismatch;
}
