/** An HTTP answer as robots.txt and sitemap reading need it. */
export interface FetchedBytes {
  status: number;
  /** The body as decoded by the fetcher (Content-Encoding undone); read it or discard it. */
  body: AsyncIterable<Uint8Array>;
}

/**
 * An HTTP GET of the crawler: the answer after following redirects (at most 5, each hop checked like
 * the first), or a throw when no answer came (refused address, DNS, connection, timeout). The crawl
 * loop passes its safe fetcher; reading the body is up to the caller.
 */
export type FetchBytes = (url: URL) => Promise<FetchedBytes>;

/** Stops the body's stream (a Node stream is destroyed), so an unread answer frees its connection. */
export async function discard(body: AsyncIterable<Uint8Array>): Promise<void> {
  await body[Symbol.asyncIterator]().return?.();
}

/**
 * At most maxBytes of the body, and whether there was more; the rest is not downloaded (the stream
 * is stopped), so a huge answer costs no more than the cap.
 */
export async function readAtMost(
  body: AsyncIterable<Uint8Array>,
  maxBytes: number,
): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    const room = maxBytes - size;
    if (chunk.byteLength > room) {
      chunks.push(chunk.subarray(0, room));
      return { bytes: Buffer.concat(chunks), truncated: true };
    }
    chunks.push(chunk);
    size += chunk.byteLength;
  }
  return { bytes: Buffer.concat(chunks), truncated: false };
}
