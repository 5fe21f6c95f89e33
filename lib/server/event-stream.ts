/** Server-sent event framing for `GET /api/events` (HTML living standard, "Server-sent events"). */

export const SSE_HEADERS: Record<string, string> = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-store, no-transform",
  Connection: "keep-alive",
  "X-Accel-Buffering": "no",
};

/** One event; the type loses any line break (it would end the field) and the data is one JSON line. */
export function formatSse(type: string, data: unknown): string {
  const name = type.replace(/[\r\n]/g, "");
  return `event: ${name}\ndata: ${JSON.stringify(data ?? null)}\n\n`;
}
