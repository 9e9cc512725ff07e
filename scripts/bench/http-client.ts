import http from 'node:http';

/** One keep-alive pool for the whole run: the load generator should cost the server, not itself. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export interface Answer {
  status: number;
  text: string;
  /** From sending the request to the last byte of the answer. */
  ms: number;
}

/** A request over keep-alive HTTP/1.1 to 127.0.0.1; JSON bodies as strings. */
/** A pool of its own, for a probe: its requests must not queue behind the load's (or another probe's). */
export function ownAgent(): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
}

export function request(
  url: string,
  init: { method?: string; body?: string; headers?: Record<string, string>; agent?: http.Agent } = {},
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      headers['content-length'] = String(Buffer.byteLength(init.body));
    }
    const req = http.request(
      url,
      { method: init.method ?? 'GET', headers, agent: init.agent ?? agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

export async function json<T>(url: string, init: Parameters<typeof request>[1] = {}): Promise<T> {
  const answer = await request(url, init);
  if (answer.status !== 200)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return JSON.parse(answer.text) as T;
}

export function closeConnections(): void {
  agent.destroy();
}
