import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, test } from "vitest";
import { listAllTools, ToolListError } from "./list-tools";

type Page = { tools?: unknown; nextCursor?: unknown };
const open: Array<() => Promise<void>> = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((close) => close()));
});

/** A low-level server (it does not validate its own output) answering page n with `pages(cursor)`. */
async function pair(answer: (cursor: string | undefined) => Page | Promise<Page>): Promise<{ client: Client; seen: (string | undefined)[] }> {
  const seen: (string | undefined)[] = [];
  const server = new Server({ name: "t", version: "1" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async (request) => {
    const cursor = request.params?.cursor;
    seen.push(cursor);
    return (await answer(cursor)) as never;
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "test", version: "1" });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  open.push(async () => {
    await client.close();
    await server.close();
  });
  return { client, seen };
}

const tool = (name: string, inputSchema: unknown = { type: "object" }) => ({ name, inputSchema });

describe("listAllTools", () => {
  test("follows nextCursor through every page, in order, and stops without one", async () => {
    const pages: Record<string, Page> = {
      start: { tools: [tool("a"), tool("b")], nextCursor: "p2" },
      p2: { tools: [tool("c")], nextCursor: "p3" },
      p3: { tools: [tool("d")] },
    };
    const { client, seen } = await pair((cursor) => pages[cursor ?? "start"]);
    const listed = await listAllTools(client, { timeoutMs: 2_000 });
    expect(listed.pages).toBe(3);
    expect(listed.tools.map((t) => (t as { name: string }).name)).toEqual(["a", "b", "c", "d"]);
    expect(seen).toEqual([undefined, "p2", "p3"]);
  });

  test("keeps every tool exactly as sent, spec-violating ones included (the strict SDK call loses the page)", async () => {
    const page2 = [{ inputSchema: { type: "object" } }, tool("not_object", { type: "string" }), tool("no_schema", undefined), "not even an object", tool("ok")];
    const { client } = await pair((cursor) => (cursor ? { tools: page2 } : { tools: [tool("first")], nextCursor: "2" }));
    await expect(client.listTools({ cursor: "2" })).rejects.toThrow();
    const listed = await listAllTools(client, { timeoutMs: 2_000 });
    expect(listed.tools).toEqual([tool("first"), ...page2]);
  });

  test.each<[string, Page, RegExp]>([
    ["a result without tools", { nextCursor: "x" }, /page 1: the result has no "tools" array/],
    ["tools that is not an array", { tools: { a: 1 } }, /page 1: the result has no "tools" array/],
    ["a numeric cursor", { tools: [], nextCursor: 7 }, /page 1: nextCursor is a number, not a string/],
  ])("rejects %s in words", async (_label, page, message) => {
    const { client } = await pair(() => page);
    await expect(listAllTools(client, { timeoutMs: 2_000 })).rejects.toThrow(message);
  });

  test.each([null, ""])("reads nextCursor %j as the end of the list", async (nextCursor) => {
    const { client } = await pair(() => ({ tools: [tool("a")], nextCursor }));
    await expect(listAllTools(client, { timeoutMs: 2_000 })).resolves.toEqual({ tools: [tool("a")], pages: 1 });
  });

  test("stops at a cursor loop", async () => {
    const { client } = await pair((cursor) => ({ tools: [tool(`t${cursor ?? 0}`)], nextCursor: cursor === "b" ? "a" : cursor === "a" ? "b" : "a" }));
    const error = await listAllTools(client, { timeoutMs: 2_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolListError);
    expect((error as Error).message).toBe('tools/list page 3: the server sent cursor "a" again (a cursor loop)');
  });

  test("stops a runaway list at the page limit", async () => {
    let n = 0;
    const { client, seen } = await pair(() => ({ tools: [], nextCursor: `c${++n}` }));
    await expect(listAllTools(client, { timeoutMs: 2_000, maxPages: 5 })).rejects.toThrow("tools/list went on for more than 5 pages; stopped reading");
    expect(seen).toHaveLength(5);
  });

  test("a page that never comes is a timeout naming the page", async () => {
    const { client } = await pair((cursor) => (cursor ? new Promise<Page>(() => {}) : { tools: [tool("a")], nextCursor: "2" }));
    await expect(listAllTools(client, { timeoutMs: 300 })).rejects.toThrow("tools/list page 2 timed out after 300 ms");
  });

  test("a server error names the page and the server's message", async () => {
    const { client } = await pair((cursor) => {
      if (cursor) throw new Error("database offline");
      return { tools: [], nextCursor: "2" };
    });
    await expect(listAllTools(client, { timeoutMs: 2_000 })).rejects.toThrow(/^tools\/list page 2 failed: .*database offline/);
  });
});
