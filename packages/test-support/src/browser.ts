import { request as httpRequest } from 'node:http';

/**
 * A minimal cookie-keeping HTTP client that follows no redirects by itself, so tests walk the
 * identity provider's redirects step by step as a browser would.
 */
export class CookieBrowser {
  private readonly cookies = new Map<string, string>();

  /**
   * @param from a loopback address (127.0.0.2 …) to connect from, so that tests can be several
   * client addresses at once on one machine (Linux answers the whole 127.0.0.0/8).
   */
  private readonly from: string | undefined;

  constructor(from?: string) {
    this.from = from;
  }

  private remember(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq < 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) {
      headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    }
    const response = this.from
      ? await requestFrom(this.from, new URL(url), { ...init, headers })
      : await fetch(url, { ...init, headers, redirect: 'manual' });
    this.remember(response);
    return response;
  }

  /** Posts an HTML form (urlencoded). */
  post(url: string | URL, fields: Record<string, string>): Promise<Response> {
    return this.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** Follows redirects (GET) until `stop(url)` is true or a non-redirect answer arrives. */
  async follow(
    start: string | URL,
    base: string,
    stop: (url: URL) => boolean = () => false,
  ): Promise<{ url: URL; response: Response }> {
    let url = new URL(start, base);
    for (let hops = 0; hops < 20; hops++) {
      if (stop(url)) return { url, response: new Response(null, { status: 200 }) };
      const response = await this.request(url);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { url, response };
      await response.body?.cancel();
      url = new URL(location, url);
    }
    throw new Error(`Too many redirects from ${String(start)}`);
  }
}

/** One plain-http request from the local address `from` (fetch cannot choose it), as a Response. */
function requestFrom(from: string, url: URL, init: RequestInit & { headers: Headers }): Promise<Response> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      { method: init.method ?? 'GET', headers: Object.fromEntries(init.headers), localAddress: from },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(incoming.headers)) {
            for (const one of Array.isArray(value) ? value : [value ?? '']) headers.append(name, one);
          }
          const status = incoming.statusCode ?? 500;
          const body = [204, 304].includes(status) ? null : Buffer.concat(chunks);
          resolve(new Response(body, { status, headers }));
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(typeof init.body === 'string' ? init.body : undefined);
  });
}

/** Reads the hidden `name` input's value out of an HTML form. */
export function hiddenInput(html: string, name: string): string | undefined {
  const tag = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  return tag ? /value="([^"]*)"/.exec(tag)?.[1] : undefined;
}

/** The `action` of the first form in the page. */
export function formAction(html: string): string | undefined {
  return /<form[^>]*action="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
}
