import { describe, expect, test } from "vitest";
import type { FleetSnapshot, SnapshotTool } from "@/lib/reconcile/types";
import { reverseRows, toolRows } from "./tool-rows";

function tool(serverId: string, originalName: string, over: Partial<SnapshotTool> = {}): SnapshotTool {
  return {
    serverId,
    originalName,
    exposedName: originalName,
    claudeCodeName: `mcp__${serverId}__${originalName}`,
    description: "",
    inputSchema: { type: "object" },
    originalDescription: "",
    originalInputSchema: { type: "object" },
    schemaHash: "a".repeat(64),
    descriptionHash: "b".repeat(64),
    annotationsHash: null,
    flattened: null,
    renamed: null,
    excluded: null,
    warnings: [],
    checks: [],
    ...over,
  };
}

const snapshot: FleetSnapshot = {
  fleetHash: "f".repeat(64),
  servers: [],
  tools: [
    tool("tracker", "search", { exposedName: "tracker__search" }),
    tool("wiki", "search", { exposedName: "wiki__search", flattened: { keyword: "oneOf", sentence: "Provide exactly one of: (id) or (key)." } }),
    tool("wiki", "bad name", { exposedName: "bad_name", renamed: { reasons: [{ code: "name:invalid-chars", message: "x" }] } }),
    tool("chat", "post", { exposedName: null, excluded: { reasons: [{ code: "schema:property-name", message: "x" }] }, warnings: [{ code: "w", message: "w" }] }),
  ],
  collisions: [{ name: "search", kind: "divergent", members: [{ serverId: "tracker", exposedName: "tracker__search", schemaHash: "a" }, { serverId: "wiki", exposedName: "wiki__search", schemaHash: "b" }] }],
  forward: { tracker__search: { serverId: "tracker", originalName: "search" }, wiki__search: { serverId: "wiki", originalName: "search" }, bad_name: { serverId: "wiki", originalName: "bad name" } },
  reverse: { "wiki:search": "wiki__search", "tracker:search": "tracker__search", "wiki:bad name": "bad_name" },
};

describe("toolRows", () => {
  test("flags come from the snapshot: collided, renamed, flattened, excluded, warnings", () => {
    expect(toolRows(snapshot).map((r) => `${r.key} ${r.flags.join(",")}`)).toEqual([
      "tracker:search collided,renamed",
      "wiki:search collided,renamed,flattened",
      "wiki:bad name renamed",
      "chat:post excluded,warnings",
    ]);
  });

  test("the search text holds every name, lower-cased", () => {
    expect(toolRows(snapshot)[0].search).toBe("tracker__search tracker search mcp__tracker__search");
  });
});

describe("reverseRows", () => {
  test("one row per reverse entry, sorted by key, split at the first colon", () => {
    expect(reverseRows(snapshot)).toEqual([
      { key: "tracker:search", serverId: "tracker", originalName: "search", exposedName: "tracker__search" },
      { key: "wiki:bad name", serverId: "wiki", originalName: "bad name", exposedName: "bad_name" },
      { key: "wiki:search", serverId: "wiki", originalName: "search", exposedName: "wiki__search" },
    ]);
  });
});
