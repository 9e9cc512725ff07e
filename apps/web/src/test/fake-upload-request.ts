import type { UploadRequest } from '../api/upload-with-progress.ts';

type Handler = ((event: ProgressEvent) => void) | null;

function progressEvent(type: string, loaded = 0, total = 0): ProgressEvent {
  return { type, loaded, total, lengthComputable: total > 0 } as ProgressEvent;
}

/**
 * A stand-in for XMLHttpRequest that records what is sent and is driven by the test: upload progress,
 * an answer, a network failure. Aborting fires `onabort` as the browser does.
 */
export class FakeUploadRequest implements UploadRequest {
  method = '';
  url = '';
  readonly headers: Record<string, string> = {};
  body: FormData | undefined;
  sent = false;
  aborted = false;
  status = 0;
  statusText = '';
  responseText = '';
  private responseHeaders = '';
  readonly upload: { onprogress: Handler } = { onprogress: null };
  onload: Handler = null;
  onerror: Handler = null;
  onabort: Handler = null;
  ontimeout: Handler = null;
  /** Called once the body is sent (the auto-answering double of `uploadsOver` uses it). */
  onSend: ((request: FakeUploadRequest) => void) | undefined;

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name.toLowerCase()] = value;
  }

  send(body: XMLHttpRequestBodyInit | null): void {
    this.body = body instanceof FormData ? body : undefined;
    this.sent = true;
    this.onSend?.(this);
  }

  abort(): void {
    if (this.aborted || this.status !== 0) return;
    this.aborted = true;
    this.onabort?.(progressEvent('abort'));
  }

  getAllResponseHeaders(): string {
    return this.responseHeaders;
  }

  /** The browser reporting `loaded` of `total` body bytes sent. */
  progress(loaded: number, total: number): void {
    this.upload.onprogress?.(progressEvent('progress', loaded, total));
  }

  /** The server's answer: an object is sent as JSON, a string as text. */
  respond(status: number, body: unknown, contentType?: string): void {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    this.respondRaw(
      status,
      text,
      contentType ?? (typeof body === 'string' ? 'text/plain' : 'application/json'),
    );
  }

  respondRaw(status: number, text: string, contentType: string, statusText = ''): void {
    this.status = status;
    this.statusText = statusText;
    this.responseText = text;
    this.responseHeaders = `content-type: ${contentType}\r\n`;
    this.onload?.(progressEvent('load'));
  }

  /** A network failure (connection refused or reset). */
  fail(): void {
    this.onerror?.(progressEvent('error'));
  }
}

/** A factory that hands out fake requests and keeps them, newest last. */
export function fakeRequests() {
  const made: FakeUploadRequest[] = [];
  return {
    made,
    create: () => {
      const request = new FakeUploadRequest();
      made.push(request);
      return request;
    },
    /** The request made last. */
    get last(): FakeUploadRequest {
      const request = made.at(-1);
      if (!request) throw new Error('No upload request was made');
      return request;
    },
  };
}
