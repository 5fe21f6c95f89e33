/**
 * Test-only helpers for lib/demo tests: real SDK clients over stdio and Streamable HTTP against raw-server.mjs,
 * reading tools/list leniently (docs/platform.md) and tracking every client so afterEach can close it.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { rawServerCommand } from "@/e2e/fixtures/fixture-servers";

export const LenientPage = z.object({ tools: z.array(z.unknown()), nextCursor: z.string().optional() }).passthrough();
export type LenientPage = z.infer<typeof LenientPage>;

export interface TestClient {
  client: Client;
  /** Everything the server wrote to stderr so far. */
  stderr: () => string;
  /** Transport and protocol errors the client saw (a non-JSON-RPC line on stdout shows up here). */
  errors: Error[];
  /** Resolves on the next notifications/tools/list_changed, rejects after timeoutMs. */
  nextListChanged: (timeoutMs: number) => Promise<void>;
  pid?: number;
}

const open = new Set<Client>();

function wrap(client: Client, stderr: () => string, pid?: number): TestClient {
  const errors: Error[] = [];
  client.onerror = (error) => errors.push(error);
  let waiters: (() => void)[] = [];
  client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
    const now = waiters;
    waiters = [];
    for (const wake of now) wake();
  });
  const nextListChanged = (timeoutMs: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no list_changed within ${timeoutMs} ms`)), timeoutMs);
      waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  return { client, stderr, errors, nextListChanged, pid };
}

export async function connectStdio(specPath: string, opts: { timeoutMs?: number } = {}): Promise<TestClient> {
  const transport = new StdioClientTransport({ ...rawServerCommand(specPath), stderr: "pipe" });
  let stderr = "";
  transport.stderr?.on("data", (chunk) => (stderr += String(chunk)));
  const client = new Client({ name: "demo-test", version: "0.0.0" });
  open.add(client);
  const wrapped = wrap(client, () => stderr);
  await client.connect(transport, { timeout: opts.timeoutMs ?? 10_000 });
  wrapped.pid = transport.pid ?? undefined;
  return wrapped;
}

export async function connectHttp(url: string): Promise<TestClient> {
  const client = new Client({ name: "demo-test", version: "0.0.0" });
  open.add(client);
  const wrapped = wrap(client, () => "");
  await client.connect(new StreamableHTTPClientTransport(new URL(url)), { timeout: 10_000 });
  return wrapped;
}

export async function listPage(client: Client, cursor?: string): Promise<LenientPage> {
  return client.request({ method: "tools/list", params: cursor ? { cursor } : {} }, LenientPage, { timeout: 5_000 });
}

/** Every page, following nextCursor until it is absent. */
export async function listAllPages(client: Client): Promise<unknown[][]> {
  const pages: unknown[][] = [];
  let cursor: string | undefined;
  do {
    const page = await listPage(client, cursor);
    pages.push(page.tools);
    cursor = page.nextCursor;
  } while (cursor);
  return pages;
}

export async function closeAllClients(): Promise<void> {
  const clients = [...open];
  open.clear();
  await Promise.all(clients.map((client) => client.close().catch(() => {})));
}

export { isAlive } from "@/lib/fleet/testing/process-tree";

export async function waitUntil(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return check();
}
