/**
 * The loopback HTTP server both fake model APIs run on: it binds 127.0.0.1 only, reads each request body,
 * keeps every request (method, path, parsed JSON body) in order, and lets the fake answer it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * What both fakes ask the client to run before they take the capture: long enough for every fixture
 * server to connect and for Claude Code's three tools/list retries (0.25 + 0.5 + 1 s) to end in its
 * "Failed to fetch tools" verdict, even on a busy machine.
 */
export const WAIT_COMMAND = "sleep 6";

export interface LoggedRequest {
  method: string;
  path: string;
  /** The parsed JSON body, or the raw text when it is not JSON, or null when empty. */
  body: unknown;
}

export interface FakeApi {
  /** Base URL, e.g. `http://127.0.0.1:41234`. */
  url: string;
  requests: LoggedRequest[];
  close(): Promise<void>;
}

export type Answer = (request: LoggedRequest, res: ServerResponse) => void;

/** Starts a server on an ephemeral 127.0.0.1 port that logs every request and hands it to `answer`. */
export async function startLoggingServer(answer: Answer): Promise<FakeApi> {
  const requests: LoggedRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      let body: unknown = null;
      if (text !== "") {
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
      }
      const logged: LoggedRequest = { method: req.method ?? "GET", path: req.url ?? "/", body };
      requests.push(logged);
      try {
        answer(logged, res);
      } catch (error) {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: String(error) }));
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Writes an SSE body in one go. */
export function sendSse(res: ServerResponse, text: string): void {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "close" });
  res.end(text);
}

export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(value));
}
