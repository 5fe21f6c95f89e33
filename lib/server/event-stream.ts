/**
 * The dashboard's one event stream (`GET /api/events`, server-sent events as the HTML living standard
 * frames them): the current `fleet` state at once, then every event of the bus, a heartbeat comment
 * every 15 s so proxies and the browser keep the stream, and a bound on what a slow client may queue.
 */
import "server-only";

import { subscribeEvents } from "./event-bus";

export const SSE_HEADERS: Record<string, string> = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-store, no-transform",
  Connection: "keep-alive",
  "X-Accel-Buffering": "no",
};

const HEARTBEAT_MS = 15_000;
/**
 * A client that stops reading (a suspended laptop, a stalled proxy) keeps its socket open for a long
 * time; past this many bytes waiting for it, its stream is dropped instead of holding every state for
 * it. EventSource reconnects and gets the current state at once.
 */
export const MAX_QUEUED_BYTES = 32 * 1024 * 1024;

/** One event; the type loses any line break (it would end the field) and the data is one JSON line. */
export function formatSse(type: string, data: unknown): string {
  const name = type.replace(/[\r\n]/g, "");
  return `event: ${name}\ndata: ${JSON.stringify(data ?? null)}\n\n`;
}

/**
 * The stream for one client: `current()` is sent first, in the same synchronous step as the
 * subscription, so no change falls in between. It ends when the request is aborted or the client cancels.
 */
export function eventStream(signal: AbortSignal, current: () => unknown): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cleanup = () => {};
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        let closed = false;
        const send = (text: string) => {
          if (closed) return;
          // desiredSize is minus the bytes still queued for this client; one big state is fine, a pile is not.
          if (-(controller.desiredSize ?? 0) > MAX_QUEUED_BYTES) {
            controller.error(new Error("the client stopped reading the event stream"));
            cleanup();
            return;
          }
          try {
            controller.enqueue(encoder.encode(text));
          } catch {
            cleanup();
          }
        };
        const unsubscribe = subscribeEvents((event) => send(formatSse(event.type, event.data)));
        send("retry: 2000\n\n");
        send(formatSse("fleet", current()));
        const heartbeat = setInterval(() => send(": heartbeat\n\n"), HEARTBEAT_MS);
        const onAbort = () => cleanup();
        cleanup = () => {
          if (closed) return;
          closed = true;
          clearInterval(heartbeat);
          unsubscribe();
          signal.removeEventListener("abort", onAbort);
          try {
            controller.close();
          } catch {
            // Already closed by the runtime.
          }
        };
        if (signal.aborted) cleanup();
        else signal.addEventListener("abort", onAbort);
      },
      cancel() {
        cleanup();
      },
    },
    // Counted in bytes, so desiredSize says how much this client has not read yet.
    { highWaterMark: 0, size: (chunk) => chunk.byteLength },
  );
}
