/**
 * The redirect query of /login as a path on this site; anything else (absent, another origin,
 * protocol-relative) becomes '/', so the sign-in can never send the user off-site.
 */
export function safeRedirect(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}
