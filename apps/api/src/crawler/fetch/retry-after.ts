/**
 * Seconds to wait from a Retry-After header (delay-seconds or an HTTP date), capped so a server
 * cannot park a URL for ever; null when absent or unreadable.
 */
export function parseRetryAfter(value: string | undefined, now: Date, capSeconds: number): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Math.min(Number(text), capSeconds);
  // Date.parse reads bare numbers such as '-5' as years; an HTTP date always names its weekday.
  const at = /^[a-z]{3}, /i.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(at)) return null;
  return Math.min(Math.max(0, Math.ceil((at - now.getTime()) / 1000)), capSeconds);
}
