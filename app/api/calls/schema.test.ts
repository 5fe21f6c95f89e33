import { describe, expect, test } from "vitest";

import { CallBody, callId, parseCallsQuery } from "./schema";

const url = (query: string) => new URL(`http://127.0.0.1/api/calls${query}`);

describe("CallBody", () => {
  test("a call as the panel sends it, with the default timeout", () => {
    expect(CallBody.parse({ id: "call-0001", client: "agent-sdk", name: "tracker__create_issue", arguments: { title: "x" } })).toEqual({
      id: "call-0001",
      client: "agent-sdk",
      name: "tracker__create_issue",
      arguments: { title: "x" },
      timeoutMs: 60_000,
    });
  });

  test("arguments of any JSON kind pass the boundary: the dispatcher answers them as a model would be answered", () => {
    expect(CallBody.parse({ id: "call-0001", client: "codex", name: "f", namespace: "mcp__s", arguments: [1, 2] }).arguments).toEqual([1, 2]);
  });

  test.each([
    [{ id: "short", client: "agent-sdk", name: "x" }, /id: must be 8 to 64 letters/],
    [{ id: "call-0001", client: "cursor", name: "x" }, /client/],
    [{ id: "call-0001", client: "agent-sdk", name: "" }, /name: must name a tool/],
    [{ id: "call-0001", client: "agent-sdk", name: "x", timeoutMs: 10 }, /timeoutMs: must be at least 100 ms/],
    [{ id: "call-0001", client: "agent-sdk", name: "x", extra: 1 }, /extra/],
  ])("%j is refused", (body, message) => {
    const parsed = CallBody.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")).toMatch(message);
  });

  test.each([["../etc"], ["a b c d e f g h"], [""]])("the id %j is refused", (id) => {
    expect(callId.safeParse(id).success).toBe(false);
  });
});

describe("parseCallsQuery", () => {
  test.each([
    ["", {}],
    ["?server=fs&tool=files.read", { serverId: "fs", toolName: "files.read" }],
  ])("%s", (query, expected) => {
    expect(parseCallsQuery(url(query))).toEqual(expected);
  });

  test("a tool without its server is refused", () => {
    expect(() => parseCallsQuery(url("?tool=files.read"))).toThrow(/give both server and tool/);
  });
});
