// A `fleet` event carries what changed, and the browser's rule rebuilds the next index from it exactly:
// for real transitions of fixture fleets (one tool changed, a server added that makes names collide, a
// server gone, a server failing, a deny rule), apply(before, diff(before, after)) is after, byte for byte,
// and the change names only what changed. A change that does not follow the index held asks for a fetch.
import { describe, expect, test } from "vitest";
import type { ClientSettings } from "@/lib/clients";
import type { ServerToolList } from "@/lib/reconcile/types";
import { diffFleetIndex } from "./page-changes";
import { buildFleetIndex, IndexCache, type BuiltIndex } from "./page-index";
import { applyFleetChange, type FleetChange } from "./page-state";
import { fixtureLists, stateOf } from "./page-state.test-util";

const READ = { claudeCode: [], codex: [] };
const cache = new IndexCache();
const index = (lists: ServerToolList[], version: number, settings?: ClientSettings, epoch = "e1"): BuiltIndex =>
  buildFleetIndex(stateOf(lists, { version, ...(settings ? { settings } : {}) }), { epoch, read: READ, cache });

const demo = fixtureLists("demo");
const without = (id: string) => demo.filter((s) => s.id !== id);
const mapServer = (id: string, f: (s: ServerToolList) => ServerToolList) => demo.map((s) => (s.id === id ? f(s) : s));
const withTool = (id: string, name: string, change: (tool: Record<string, unknown>) => Record<string, unknown>) =>
  mapServer(id, (s) => ({ ...s, tools: s.tools.map((t) => ((t as { name?: string }).name === name ? change(t as Record<string, unknown>) : t)) }));

const transitions: [string, ServerToolList[], ServerToolList[], ClientSettings | undefined, string[] | null][] = [
  [
    "one tool's schema changes",
    demo,
    withTool("tracker", "get_issue", (t) => ({ ...t, inputSchema: { type: "object", properties: { id: { type: "string" } } } })),
    undefined,
    ["tracker:get_issue"],
  ],
  ["a tool is added", demo, mapServer("chat", (s) => ({ ...s, tools: [...s.tools, { name: "brand_new", inputSchema: { type: "object" } }] })), undefined, ["chat:brand_new"]],
  // web lists search and fetch_url, which docs, chat and wiki list too: their exposed names change with it.
  ["a server joins and its names collide", without("web"), demo, undefined, null],
  ["a server leaves", demo, without("githost"), undefined, null],
  ["a server fails", demo, mapServer("wiki", (s) => ({ ...s, status: "error", error: "exited with code 1", tools: [] })), undefined, null],
  ["a deny rule removes a tool from Claude Code's request", demo, demo, { claudeCode: { deny: [{ rule: "mcp__tracker__delete_issue", file: ".claude/settings.json" }] } }, ["tracker:delete_issue"]],
];

describe("diffFleetIndex and applyFleetChange", () => {
  test.each(transitions)("%s: the change rebuilds the next index exactly", (_name, from, to, settings, expectedTools) => {
    const before = index(from, 4);
    const after = index(to, 5, settings);
    const change = diffFleetIndex(before, after);
    expect(change).toMatchObject({ epoch: "e1", version: 5, base: 4 });
    const outcome = applyFleetChange(before.index, change);
    expect(outcome.kind).toBe("applied");
    if (outcome.kind !== "applied") return;
    expect(JSON.stringify(outcome.index)).toBe(JSON.stringify(after.index));
    if (expectedTools) expect(change.tools?.changed.map((t) => t.key)).toEqual(expectedTools);
    // A change is much smaller than the index it updates.
    expect(JSON.stringify(change).length).toBeLessThan(after.json.length);
  });

  test("nothing changed: the event says the version and nothing else", () => {
    const change = diffFleetIndex(index(demo, 4), index(demo, 5));
    expect(change).toEqual({ epoch: "e1", version: 5, base: 4, generatedAt: "2026-01-01T00:00:05Z" });
  });

  test("a server leaving lists its tools as removed and drops it from the order", () => {
    const change = diffFleetIndex(index(demo, 4), index(without("githost"), 5));
    expect(change.tools?.removed.every((key) => key.startsWith("githost:"))).toBe(true);
    expect(change.tools?.removed.length).toBeGreaterThan(0);
    expect(change.servers?.order).not.toContain("githost");
  });
});

describe("applyFleetChange outcomes", () => {
  const held = index(demo, 4).index;
  const change = (patch: Partial<FleetChange>): FleetChange => ({ epoch: "e1", version: 5, base: 4, generatedAt: "2026-01-01T00:00:05Z", ...patch });
  test.each([
    ["no index yet", null, change({}), "fetch"],
    ["another run of the server", held, change({ epoch: "e2" }), "fetch"],
    ["a gap: the change starts from a version not held", held, change({ base: 3 }), "fetch"],
    ["the stream's first event names a newer version", held, change({ base: null }), "fetch"],
    ["the stream's first event names the version held", held, change({ version: 4, base: null }), "held"],
    ["an older change arriving late", held, change({ version: 3, base: 2 }), "held"],
    ["the next change", held, change({}), "applied"],
  ] as const)("%s: %s", (_name, current, event, kind) => {
    expect(applyFleetChange(current, event).kind).toBe(kind);
  });

  test("the index held is never modified", () => {
    const before = JSON.stringify(held);
    applyFleetChange(held, diffFleetIndex(index(demo, 4), index(without("web"), 5)));
    expect(JSON.stringify(held)).toBe(before);
  });
});
