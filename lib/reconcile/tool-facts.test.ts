import { describe, expect, test } from "vitest";
import { agentSdkToolHash, reconcile } from "./reconcile";
import { readToolFacts, runCaches, sameJsonValue } from "./tool-facts";
import type { ServerToolList } from "./types";

describe("sameJsonValue: would JSON.stringify write both the same (key order included)?", () => {
  class Point {
    constructor(readonly x: number) {}
  }
  const nested = (depth: number): unknown => (depth === 0 ? "leaf" : { next: nested(depth - 1) });
  const point = new Point(1);
  test.each([
    ["equal scalars", "a", "a", true],
    ["different strings", "a", "b", false],
    ["0 and -0 (both written 0)", 0, -0, true],
    ["NaN and NaN (both null, but not told apart cheaply)", Number.NaN, Number.NaN, false],
    ["equal objects, same key order", { a: 1, b: [1, { c: true }] }, { a: 1, b: [1, { c: true }] }, true],
    ["equal objects, other key order", { a: 1, b: 2 }, { b: 2, a: 1 }, false],
    ["a key more", { a: 1 }, { a: 1, b: 2 }, false],
    ["an undefined member against none (JSON drops it; not told apart)", { a: 1, b: undefined }, { a: 1 }, false],
    ["arrays of other lengths", [1, 2], [1, 2, 3], false],
    ["an array against an object with index keys", [1], { 0: 1 }, false],
    ["null against an object", null, {}, false],
    ["class instances with equal fields (toJSON could differ)", new Point(1), new Point(1), false],
    ["the very same class instance", point, point, true],
    ["two Dates (written by toJSON, not by their keys)", new Date(0), new Date(1), false],
    ["null-prototype objects", Object.assign(Object.create(null), { a: 1 }), Object.assign(Object.create(null), { a: 1 }), true],
    ["equal, nested past the depth compared", nested(100), nested(100), false],
    ["equal, nested within it", nested(30), nested(30), true],
  ])("%s", (_label, a, b, same) => {
    expect(sameJsonValue(a, b, 0)).toBe(same);
    // Never says "same" where the JSON differs.
    if (same) expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });
});

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
