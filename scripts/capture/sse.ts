/**
 * Server-sent-events framing shared by the two fake model APIs: one event is an `event:` line, a `data:`
 * line holding compact JSON, and a blank line (the WHATWG event-stream format both clients parse).
 */

/** One SSE event as text. */
export function sseEvent(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** Parses an event stream back into `{ event, data }` pairs (used by tests and by the harness's own checks). */
export function parseSse(text: string): { event: string; data: unknown }[] {
  return text
    .split("\n\n")
    .filter((block) => block.trim() !== "")
    .map((block) => {
      let event = "message";
      const data: string[] = [];
      for (const line of block.split("\n")) {
        if (line.startsWith("event: ")) event = line.slice("event: ".length);
        else if (line.startsWith("data: ")) data.push(line.slice("data: ".length));
      }
      return { event, data: JSON.parse(data.join("\n")) as unknown };
    });
}
