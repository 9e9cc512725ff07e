const FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A date-time as the portal shows it everywhere: date and time in the browser's locale and time
 * zone (the API sends UTC ISO strings). Empty for a missing value.
 */
export function formatDateTime(iso: string | null | undefined): string {
  return iso ? FORMAT.format(new Date(iso)) : '';
}
