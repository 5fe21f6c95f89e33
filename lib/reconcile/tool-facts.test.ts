import { describe, expect, test } from "vitest";
import { agentSdkToolHash, reconcile } from "./reconcile";
import { readToolFacts, runCaches } from "./tool-facts";
import type { ServerToolList } from "./types";

describe("one run shares the facts of a tool listed again with the same content", () => {
  // A reference with nothing shared: fresh caches for every tool.
  const unshared = (servers: ServerToolList[]) => reconcile(servers, { facts: (raw) => readToolFacts(raw, runCaches()), toolHash: agentSdkToolHash });
  const schema = (order: "ab" | "ba") =>
    order === "ab"
      ? { type: "object", properties: { a: { type: "string" }, b: { type: "number" } }, required: ["a"] }
      : { type: "object", properties: { b: { type: "number" }, a: { type: "string" } }, required: ["a"] };
  const tool = (extra: Record<string, unknown> = {}, order: "ab" | "ba" = "ab") => ({ name: "find", description: "Finds things.", inputSchema: schema(order), ...extra });
  const server = (id: string, tools: unknown[]): ServerToolList => ({ id, status: "ready", tools });

  test.each([
    ["the same tool on two servers", [server("one", [tool()]), server("two", [tool()])]],
    ["the same schema in another key order (each server's own order is shown)", [server("one", [tool()]), server("two", [tool({}, "ba")])]],
    ["a root oneOf in another key order (flattening keeps the order served)", [
      server("one", [tool({ inputSchema: { type: "object", properties: { a: { type: "string" }, b: { type: "string" } }, oneOf: [{ required: ["a"] }, { required: ["b"] }] } })]),
      server("two", [tool({ inputSchema: { type: "object", properties: { b: { type: "string" }, a: { type: "string" } }, oneOf: [{ required: ["a"] }, { required: ["b"] }] } })]),
    ]],
    ["another title, annotations or description", [
      server("one", [tool({ title: "Find" }), tool({ annotations: { readOnlyHint: true } })]),
      server("two", [tool({ title: "Search" }), tool({ annotations: { readOnlyHint: false } }), tool({ description: "Finds other things." })]),
    ]],
    ["annotations with the same hints in another order", [
      server("one", [tool({ annotations: { readOnlyHint: true, title: "x" } })]),
      server("two", [tool({ annotations: { title: "x", readOnlyHint: true } })]),
    ]],
    ["a description that is no string, listed twice", [server("one", [tool({ description: { text: "x" } })]), server("two", [tool({ description: { text: "x" } })])]],
    ["many servers listing one name with different schemas", Array.from({ length: 12 }, (_, i) => server(`s${String(i).padStart(2, "0")}`, [tool({ inputSchema: { type: "object", properties: { [`p${i % 5}`]: { type: "string" } } } })]))],
  ])("%s: what an unshared run gives, byte for byte", (_label, servers) => {
    expect(JSON.stringify(reconcile(servers))).toBe(JSON.stringify(unshared(servers)));
  });

  test("the key order each server sent is the one its snapshot tool shows", () => {
    const snapshot = reconcile([server("one", [tool()]), server("two", [tool({}, "ba")])]);
    const shown = snapshot.tools.map((t) => Object.keys((t.originalInputSchema as { properties: object }).properties).join(""));
    expect(shown.sort()).toEqual(["ab", "ba"]);
    expect(new Set(snapshot.tools.map((t) => t.schemaHash)).size).toBe(1);
  });
});
