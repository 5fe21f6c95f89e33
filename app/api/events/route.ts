/**
 * `GET /api/events`: server-sent events. The current `fleet` state at once, then every event of the
 * bus (`event: <type>\ndata: <json>`), a comment heartbeat every 15 s so proxies and the browser keep
 * the stream; the subscription ends when the client goes.
 */
import { apiRoute } from "@/lib/server/route";
import { getFleetContext } from "@/lib/server/context";
import { subscribeEvents } from "@/lib/server/event-bus";
import { formatSse, SSE_HEADERS } from "@/lib/server/event-stream";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const HEARTBEAT_MS = 15_000;
/**
 * A client that stops reading (a suspended laptop, a stalled proxy) keeps its socket open for a long
 * time; past this many bytes waiting for it, its stream is dropped instead of holding every state for
 * it. EventSource reconnects and gets the current state at once.
 */
const MAX_QUEUED_BYTES = 32 * 1024 * 1024;

export const GET = apiRoute("events", async (request: Request) => {
  const { manager } = await getFleetContext();
  const encoder = new TextEncoder();
  let cleanup = () => {};

  const stream = new ReadableStream<Uint8Array>(
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
        // Subscribe and send the current state in one synchronous step, so no change falls in between.
        const unsubscribe = subscribeEvents((event) => send(formatSse(event.type, event.data)));
        send("retry: 2000\n\n");
        send(formatSse("fleet", manager.getState()));
        const heartbeat = setInterval(() => send(": heartbeat\n\n"), HEARTBEAT_MS);
        const onAbort = () => cleanup();
        cleanup = () => {
          if (closed) return;
          closed = true;
          clearInterval(heartbeat);
          unsubscribe();
          request.signal.removeEventListener("abort", onAbort);
          try {
            controller.close();
          } catch {
            // Already closed by the runtime.
          }
        };
        if (request.signal.aborted) cleanup();
        else request.signal.addEventListener("abort", onAbort);
      },
      cancel() {
        cleanup();
      },
    },
    // Counted in bytes, so desiredSize says how much this client has not read yet.
    { highWaterMark: 0, size: (chunk) => chunk.byteLength },
  );

  return new Response(stream, { headers: SSE_HEADERS });
});
