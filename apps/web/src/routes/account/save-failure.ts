import { errorText } from '../../api/error-text.ts';
import { ApiStatusError } from '../../api/portal-api.ts';

/**
 * The text to show for a refused Save: the server's own words (the spec's messages, e.g. 'That
 * email is already in use'), with the email it is about when a user was refused, since several
 * users are sent at once.
 */
export function saveFailureText(error: unknown): string {
  const message = errorText(error);
  if (error instanceof ApiStatusError && typeof error.data === 'object' && error.data !== null) {
    const email = (error.data as { email?: unknown }).email;
    if (typeof email === 'string' && email !== '') return `${message} (${email})`;
  }
  return message;
}
