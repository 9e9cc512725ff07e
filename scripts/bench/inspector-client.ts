/**
 * A client of a server's V8 inspector (a server started with `--inspect`: ServerProcess's `inspect`
 * option), over its WebSocket: calls to the main thread, and to worker threads through the
 * inspector's NodeWorker domain, whose threads' arrivals and departures it passes on.
 */

interface Message {
  id?: number;
  result?: unknown;
  error?: { message: string };
  method?: string;
  params?: { sessionId?: string; message?: string; workerInfo?: { url?: string } };
}

/** A worker thread the inspector attached to (`attached`) or detached from. */
export interface ThreadEvent {
  attached: boolean;
  sessionId: string;
  /** Its script's URL (attached threads only). */
  url: string;
}

export interface InspectorClient {
  /** `method` on the main thread: its result; rejects with the inspector's error. */
  call(method: string, params?: Record<string, unknown>): Promise<unknown>;
  /**
   * `method` on a worker thread's session: its result; rejects with the thread's error; undefined
   * past `timeoutMs` when given (the thread ended meanwhile, or was too busy to answer in time).
   */
  callThread(
    sessionId: string,
    method: string,
    params?: Record<string, unknown>,
    timeoutMs?: number,
  ): Promise<unknown>;
  close(): void;
}

/** Connects to the inspector at `url`; `onThread` hears of the threads once NodeWorker is enabled. */
export async function connectInspector(
  url: string,
  onThread: (event: ThreadEvent) => void = () => {},
): Promise<InspectorClient> {
  const socket = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error(`No inspector at ${url}`)), { once: true });
  });
  let next = 0;
  // Main thread and worker replies share one numbering: one map serves both.
  const waiting = new Map<number, (message: Message) => void>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as Message;
    const sessionId = message.params?.sessionId;
    if (message.id !== undefined) waiting.get(message.id)?.(message);
    else if (message.method === 'NodeWorker.attachedToWorker' && sessionId)
      onThread({ attached: true, sessionId, url: message.params?.workerInfo?.url ?? '' });
    else if (message.method === 'NodeWorker.detachedFromWorker' && sessionId)
      onThread({ attached: false, sessionId, url: '' });
    else if (message.method === 'NodeWorker.receivedMessageFromWorker' && message.params?.message) {
      const reply = JSON.parse(message.params.message) as Message;
      if (reply.id !== undefined) waiting.get(reply.id)?.(reply);
    }
  });
  const answered = (method: string, id: number, timeoutMs?: number) =>
    new Promise<unknown>((resolve, reject) => {
      const timer =
        timeoutMs === undefined
          ? undefined
          : setTimeout(() => {
              waiting.delete(id);
              resolve(undefined);
            }, timeoutMs);
      waiting.set(id, (message) => {
        clearTimeout(timer);
        waiting.delete(id);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result);
      });
    });
  const call = (method: string, params: Record<string, unknown> = {}) => {
    const id = ++next;
    const done = answered(method, id);
    socket.send(JSON.stringify({ id, method, params }));
    return done;
  };
  return {
    call,
    callThread(sessionId, method, params = {}, timeoutMs) {
      const id = ++next;
      const done = answered(method, id, timeoutMs);
      const message = JSON.stringify({ id, method, params });
      socket.send(
        JSON.stringify({
          id: ++next,
          method: 'NodeWorker.sendMessageToWorker',
          params: { sessionId, message },
        }),
      );
      return done;
    },
    close: () => socket.close(),
  };
}
