import { describe, expect, test } from "vitest";
import { FLEET_NAMES } from "@/lib/clients/__fixtures__/load-fleet";
import { buildFleetIndex, IndexCache } from "@/lib/server/page-index";
import { fixtureLists, stateOf } from "@/lib/server/page-state.test-util";
import { aliasMaps, reverseRows, searchText, toolRows } from "./tool-rows";

const READ = { claudeCode: [], codex: [] };
function fixture(name: string) {
  const state = stateOf(fixtureLists(name));
  return { state, index: buildFleetIndex(state, { epoch: "e", read: READ, cache: new IndexCache() }).index };
}

describe("toolRows", () => {
  const { index } = fixture("demo");
  const row = (client: Parameters<typeof toolRows>[1], key: string) => toolRows(index, client).find((r) => r.key === key)!;

  test.each([
    ["agent-sdk", "tracker:create_issue", "tracker__create_issue", "collided,renamed"],
    ["claude-code", "tracker:create_issue", "mcp__tracker__create_issue", "collided"],
    ["codex", "tracker:create_issue", "mcp__tracker__create_issue", "collided"],
    ["claude-code", "docs:get-library-docs", null, "excluded"],
    ["codex", "docs:get-library-docs", "mcp__docs__get_library_docs", "renamed"],
    ["agent-sdk", "tracker:get_issue", "get_issue", "flattened"],
    ["codex", "tracker:get_issue", "mcp__tracker__get_issue", ""],
  ] as const)("%s %s: called %s, flagged %s", (client, key, name, flags) => {
    expect(row(client, key).name).toBe(name);
    expect(row(client, key).flags.join(",")).toBe(flags);
  });

  test("a dropped tool carries the client's reason; Codex rows name the namespace and function", () => {
    expect(row("claude-code", "docs:get-library-docs").reason).toMatch(/get-library-docs/);
    expect(row("codex", "docs:get-library-docs")).toMatchObject({ namespace: "mcp__docs", functionName: "get_library_docs", reason: null });
  });

  test("the search text holds every name", () => {
    expect(searchText(row("codex", "docs:get-library-docs"))).toBe("mcp__docs__get_library_docs docs get-library-docs  mcp__docs__get-library-docs");
  });
});

describe("aliasMaps", () => {
  test.each(FLEET_NAMES)("%s: the Agent SDK host's maps are the snapshot's, key for key", (name) => {
    const { state, index } = fixture(name);
    const maps = aliasMaps(index, "agent-sdk");
    expect(JSON.stringify(maps.forward)).toBe(JSON.stringify(state.snapshot.forward));
    expect(JSON.stringify(maps.reverse)).toBe(JSON.stringify(state.snapshot.reverse));
  });

  test("Claude Code's forward map is its view's names called, each back to its tool", () => {
    const { state, index } = fixture("demo");
    const view = state.views["claude-code"];
    expect(Object.keys(aliasMaps(index, "claude-code").forward).sort()).toEqual(Object.keys(view.byCallName).sort());
  });
});

describe("reverseRows", () => {
  test("one row per tool the client sends, sorted by server:original", () => {
    const { index } = fixture("demo");
    const rows = reverseRows(index, "claude-code");
    expect(rows.map((r) => r.key)).toEqual([...rows.map((r) => r.key)].sort());
    expect(rows.some((r) => r.serverId === "docs")).toBe(false);
    expect(rows.find((r) => r.key === "wiki:pages.get")?.name).toBe("mcp__wiki__pages_get");
  });
});

describe("row order", () => {
  test.each(["claude-code", "codex"] as const)("%s: the tools it sends by the name it sends, then the ones it drops", (client) => {
    const rows = toolRows(fixture("demo").index, client);
    const sent = rows.filter((r) => r.name !== null);
    expect(rows.slice(0, sent.length)).toEqual(sent);
    expect(sent.map((r) => r.name)).toEqual(sent.map((r) => r.name).sort());
  });

  test("the Agent SDK host: the index's own order", () => {
    const { index } = fixture("demo");
    expect(toolRows(index, "agent-sdk").map((r) => r.key)).toEqual(index.tools.map((t) => t.key));
  });
});

describe("rows kept", () => {
  test("an index entry that did not change keeps its row object (the table's search cache follows it)", () => {
    const { index } = fixture("demo");
    const first = toolRows(index, "claude-code");
    const changed = { ...index, tools: index.tools.map((t) => (t.key === "tracker:get_issue" ? { ...t } : t)) };
    const second = toolRows(changed, "claude-code");
    const same = second.filter((r) => first.includes(r)).length;
    expect(same).toBe(first.length - 1);
    expect(second.find((r) => r.key === "tracker:get_issue")).not.toBe(first.find((r) => r.key === "tracker:get_issue"));
  });
});
