/** Bytes sent so far out of the total. */
export type ProgressListener = (sent: number, total: number) => void;

const CHUNK_BYTES = 64 * 1024;

/**
 * Reports how much of a multipart upload has been sent. A command turns it on around its upload
 * (`watch`); the authenticated fetch then streams the encoded form in chunks and reports each.
 */
export class UploadProgress {
  private listener: ProgressListener | undefined;

  get active(): boolean {
    return this.listener !== undefined;
  }

  /** Runs `action` with `listener` receiving the progress of any upload it makes. */
  async watch<T>(listener: ProgressListener, action: () => Promise<T>): Promise<T> {
    this.listener = listener;
    try {
      return await action();
    } finally {
      this.listener = undefined;
    }
  }

  /** Encodes the form once (uploads are at most 10 MB) and returns a stream that reports as it is read. */
  async track(form: FormData): Promise<{ body: ReadableStream<Uint8Array>; contentType: string }> {
    const encoded = new Response(form);
    const contentType = encoded.headers.get('content-type') ?? 'multipart/form-data';
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    const total = bytes.byteLength;
    const listener = this.listener;
    let offset = 0;
    listener?.(0, total);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= total) {
          controller.close();
          return;
        }
        const end = Math.min(total, offset + CHUNK_BYTES);
        controller.enqueue(bytes.subarray(offset, end));
        offset = end;
        listener?.(offset, total);
      },
    });
    return { body, contentType };
  }
}
