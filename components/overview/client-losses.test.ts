import { describe, expect, test } from "vitest";
import { buildFleetIndex, IndexCache } from "@/lib/server/page-index";
import { fixtureLists, stateOf } from "@/lib/server/page-state.test-util";
import { clientLosses } from "./client-losses";

const demo = fixtureLists("demo");
const index = (lists = demo) => buildFleetIndex(stateOf(lists), { epoch: "e", read: { claudeCode: [], codex: [] }, cache: new IndexCache() }).index;

describe("clientLosses", () => {
  test("docs: both Claude Code versions lose it whole, naming the tool; Codex keeps every tool", () => {
    expect(clientLosses(index(), "docs").map((l) => [l.client, l.kind, l.message])).toEqual([
      ["claude-code", "whole", "Claude Code 2.1.328 would list 0 tools: `get-library-docs` has no root type"],
      ["claude-code@2.1.194", "whole", "Claude Code before 2.1.195 would list 0 tools: `get-library-docs` has no root type"],
      ["agent-sdk", "some", "Agent SDK host drops 1 of 3 tools"],
    ]);
  });

  test.each([
    ["wiki", ["claude-code", "claude-code@2.1.194", "codex", "agent-sdk"]],
    ["tracker", ["claude-code@2.1.194"]],
  ])("%s: the clients that drop part of it", (server, clients) => {
    const losses = clientLosses(index(), server);
    expect(losses.map((l) => l.client)).toEqual(clients);
    expect(losses.every((l) => l.kind === "some")).toBe(true);
  });

  test("a server that is not ready is left to its own row", () => {
    const failed = demo.map((s) => (s.id === "docs" ? { ...s, status: "error" as const, error: "exited", tools: [] } : s));
    expect(clientLosses(index(failed), "docs")).toEqual([]);
  });
});
