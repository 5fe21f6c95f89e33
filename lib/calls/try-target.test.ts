import { expect, test } from "vitest";
import type { ServerToolList } from "@/lib/reconcile/types";
import { tryTarget } from "./try-target";

const FLEET: ServerToolList[] = [
  {
    id: "fs",
    status: "ready",
    tools: [
      {
        name: "files.read",
        inputSchema: { type: "object", properties: { path: { type: "string" }, id: { type: "string" } }, anyOf: [{ required: ["path"] }, { required: ["id"] }] },
        outputSchema: { type: "object", properties: { text: { type: "string" } } },
      },
      { name: "weird", inputSchema: { type: "object", properties: { "bad name!": { type: "string" } } } },
    ],
  },
];

test("under each client: the name to call it by and the final schema it sends", () => {
  const target = tryTarget(FLEET, {}, [{ rule: "mcp__fs", list: "ask", source: "ours", serverDefault: true }], "fs", "files.read");
  expect(target?.clients.map((c) => [c.client, c.callName, c.namespace ?? null, c.functionName ?? null])).toEqual([
    ["claude-code", "mcp__fs__files_read", null, null],
    ["codex", "mcp__fs__files_read", "mcp__fs", "files_read"],
    ["agent-sdk", "files_read", null, null],
  ]);
  // Claude Code and the Agent SDK send the flattened schema; the original keeps its anyOf, and it is what arguments are checked against.
  expect(target?.clients[0].schema).toMatchObject({ type: "object", required: [] });
  expect(target?.inputSchema).toMatchObject({ anyOf: [{ required: ["path"] }, { required: ["id"] }] });
  expect(target?.outputSchema).toEqual({ type: "object", properties: { text: { type: "string" } } });
  expect(target?.decision).toMatchObject({ decision: "ask", why: 'ask "mcp__fs" (our server default)' });
});

test("a tool a client does not send: no name, and why", () => {
  const target = tryTarget(FLEET, {}, [], "fs", "weird");
  const sdk = target?.clients.find((c) => c.client === "agent-sdk");
  // Not sent, but the name it would have is offered: calling it shows what the host answers the model.
  expect(sdk).toMatchObject({ sent: false, callName: "weird" });
  expect(sdk?.reasons.map((r) => r.code)).toEqual(["schema:property-name"]);
  expect(target?.decision.decision).toBe("none");
});

test("a tool or server the fleet does not list", () => {
  expect(tryTarget(FLEET, {}, [], "fs", "nope")).toBeNull();
  expect(tryTarget(FLEET, {}, [], "nope", "files.read")).toBeNull();
});
