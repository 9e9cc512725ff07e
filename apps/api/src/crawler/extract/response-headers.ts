/**
 * Response headers as undici's `request` gives them: names lowercased, a repeated header as an
 * array of its lines (which `Headers` would join with commas, losing where each line starts).
 */
export type ResponseHeaders = Readonly<Record<string, string | readonly string[] | undefined>>;

/** Every line of header `name` (any case). */
export function headerLines(headers: ResponseHeaders | undefined, name: string): string[] {
  if (!headers) return [];
  const wanted = name.toLowerCase();
  return Object.entries(headers).flatMap(([key, value]) =>
    key.toLowerCase() !== wanted || value === undefined
      ? []
      : typeof value === 'string'
        ? [value]
        : [...value],
  );
}
