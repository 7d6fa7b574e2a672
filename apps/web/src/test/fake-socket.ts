/**
 * A Socket.IO connection as a screen sees it (`realtimeSocket` of lib/realtime), for web tests: the
 * test delivers what the server sends and reads what the screen emitted. A test file replaces
 * lib/realtime with it:
 *
 *   vi.mock('…/lib/realtime', async () => {
 *     const { fakeSocket } = await import('…/test/fake-socket');
 *     return { realtimeSocket: () => fakeSocket };
 *   });
 *
 * Such a file goes in vitest.config.ts's `replacesModules`, which load their modules afresh: each
 * has a fake of its own.
 */
type Handler = (payload?: unknown) => void;

const handlers = new Map<string, Set<Handler>>();

export const fakeSocket = {
  connected: false,
  /** The events the screen emitted, oldest first. */
  emitted: [] as string[],
  on(event: string, handler: Handler) {
    if (!handlers.has(event)) handlers.set(event, new Set());
    handlers.get(event)!.add(handler);
    return fakeSocket;
  },
  off(event: string, handler: Handler) {
    handlers.get(event)?.delete(handler);
    return fakeSocket;
  },
  emit(event: string) {
    fakeSocket.emitted.push(event);
    return fakeSocket;
  },
  connect() {
    fakeSocket.connected = true;
    fakeSocket.deliver('connect');
    return fakeSocket;
  },
  disconnect() {
    fakeSocket.connected = false;
    return fakeSocket;
  },
  /** What the server sends: each handler of the event gets the payload. */
  deliver(event: string, payload?: unknown) {
    for (const handler of [...(handlers.get(event) ?? [])]) handler(payload);
  },
};
