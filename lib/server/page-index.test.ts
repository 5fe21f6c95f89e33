// The page index and a tool's detail, built from real analyses of the committed fixture fleets: one entry
// per listed tool under a unique key, in the order both sides use, each client's verdict as its view says,
// sizes that are the bytes really sent, and a JSON body that is the index.
import { describe, expect, test } from "vitest";
import { FLEET_NAMES } from "@/lib/clients/__fixtures__/load-fleet";
import { CLIENT_CHOICE_LIST, FleetModel, type ClientSettings, type ClientView, type ToolVerdict } from "@/lib/clients";
import { costReport } from "@/lib/cost";
import type { ServerToolList } from "@/lib/reconcile/types";
import { buildFleetIndex, buildToolDetail, IndexCache } from "./page-index";
import { callNameOf, compareIndexTools } from "./page-state";
import { fixtureLists, stateOf } from "./page-state.test-util";

const READ = { claudeCode: [{ label: ".claude/settings.json", exists: false, took: "0 deny rules" }], codex: [] };
const build = (name: string) => {
  const state = stateOf(fixtureLists(name));
  return { state, built: buildFleetIndex(state, { epoch: "e1", read: READ, cache: new IndexCache() }) };
};
const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), "utf8");

describe("buildFleetIndex", () => {
  test.each(FLEET_NAMES)("%s: one entry per listed tool, unique keys, in index order; the body is the index", (name) => {
    const { state, built } = build(name);
    const { index } = built;
    expect(index.tools).toHaveLength(state.snapshot.tools.length);
    expect(new Set(index.tools.map((t) => t.key)).size).toBe(index.tools.length);
    expect([...index.tools].sort(compareIndexTools).map((t) => t.key)).toEqual(index.tools.map((t) => t.key));
    expect(JSON.parse(built.json)).toEqual(JSON.parse(JSON.stringify(index)));
    for (const tool of index.tools) expect(built.toolJson.get(tool.key)).toBe(JSON.stringify(tool));
  });

  test.each(FLEET_NAMES)("%s: each client's bytes are the UTF-8 bytes of what it sends, per tool and whole", (name) => {
    const { state, built } = build(name);
    for (const choice of CLIENT_CHOICE_LIST) {
      const view = state.views[choice] as ClientView;
      expect(built.index.clients[choice].bytes, choice).toBe(bytes(view.wire));
      const sent = (view.tools as ToolVerdict[]).filter((v) => v.sent);
      expect(built.index.clients[choice].sent).toBe(sent.length);
      const perTool = new Map(sent.map((v) => [v.sent!.callName, bytes(v.sent!.wire)]));
      for (const tool of built.index.tools) {
        const name = callNameOf(tool, choice);
        expect(tool.clients[choice].bytes).toBe(name === null ? 0 : perTool.get(name));
      }
    }
  });

  test.each(FLEET_NAMES)("%s: each tool's tokens are the cost report's for that client, the client's tokens their sum, the loading the report's", (name) => {
    const lists = fixtureLists(name);
    const state = stateOf(lists);
    const { index } = buildFleetIndex(state, { epoch: "e", read: READ, cache: new IndexCache() });
    for (const choice of CLIENT_CHOICE_LIST) {
      const { report } = costReport({ client: choice, toolLists: lists });
      const byName = new Map(report.tools.map((t) => [t.name, t.loaded.tokens]));
      for (const tool of index.tools) {
        const called = callNameOf(tool, choice);
        expect(tool.clients[choice].tokens, `${choice} ${tool.key}`).toBe(called === null ? 0 : byName.get(called));
      }
      const cost = index.clients[choice].cost;
      expect(cost.tokens).toBe(report.tools.reduce((n, t) => n + t.loaded.tokens, 0));
      expect(cost.method).toEqual(report.tokens);
      expect(cost.loading).toEqual(report.loading);
    }
  });

  test.each([
    ["unset: Claude Code defers", null, "deferred"],
    ["ENABLE_TOOL_SEARCH=false: every tool loaded", { value: "false", source: ".claude/settings.json" }, "loaded"],
    ["auto:0: always deferred", { value: "auto:0", source: "environment" }, "deferred"],
    ["auto:99 of a small fleet: loaded", { value: "auto:99", source: "environment" }, "loaded"],
  ] as const)("Claude Code's loading as ENABLE_TOOL_SEARCH selects it (%s); the others always load", (_name, toolSearch, applies) => {
    const { index } = buildFleetIndex(stateOf(fixtureLists("demo")), { epoch: "e", read: READ, cache: new IndexCache(), toolSearch });
    expect(index.clients["claude-code"].cost.loading.applies).toBe(applies);
    expect(index.clients.codex.cost.loading.applies).toBe("loaded");
    expect(index.clients["agent-sdk"].cost.loading.applies).toBe("loaded");
  });

  test("the demo fleet: Claude Code loses docs whole, naming the tool; Codex keeps it in its namespace; the Agent SDK host's flags are the reconciler's", () => {
    const { index } = build("demo").built;
    const docs = index.clients["claude-code"].servers.find((s) => s.serverId === "docs")!;
    expect(docs.lost?.message).toBe("Claude Code 2.1.328 would list 0 tools: `get-library-docs` has no root type");
    const tool = index.tools.find((t) => t.key === "docs:get-library-docs")!;
    expect(tool.clients["claude-code"]).toMatchObject({ callName: null, flags: ["excluded"] });
    expect(tool.clients["claude-code"].reason).toContain("get-library-docs");
    expect(tool.clients.codex).toMatchObject({ callName: "mcp__docs__get_library_docs", namespace: "mcp__docs" });
    expect(tool.clients.codex.flags).toContain("renamed");

    const createIssue = index.tools.find((t) => t.key === "tracker:create_issue")!;
    expect(createIssue.flags).toContain("collided");
    expect(createIssue.exposedName).toBe("tracker__create_issue");
    // The usual names are left out of the index and read back by callNameOf.
    expect(createIssue.clients["agent-sdk"]).toEqual({ flags: ["renamed"], bytes: expect.any(Number), tokens: expect.any(Number) });
    expect(createIssue.clients["claude-code"]).toEqual({ bytes: expect.any(Number), tokens: expect.any(Number) });
    expect(callNameOf(createIssue, "agent-sdk")).toBe("tracker__create_issue");
    expect(callNameOf(createIssue, "claude-code")).toBe("mcp__tracker__create_issue");

    // Over 2,048 characters but not 4,096: Claude Code 2.1.328 sends it whole.
    const long = index.tools.find((t) => t.key === "wiki:databases.query")!;
    expect(long.clients["claude-code"].flags).toEqual(["renamed"]);
    expect(index.clients.codex.read).toEqual([]);
    expect(index.clients["claude-code"].read).toEqual(READ.claudeCode);
  });

  test("a description Claude Code cuts is marked cut for Claude Code only", () => {
    const tool = build("descriptions").built.index.tools.find((t) => t.key === "desc:d5000")!;
    expect(tool.clients["claude-code"].flags).toContain("cut");
    expect(tool.clients.codex.flags ?? []).not.toContain("cut");
    expect(tool.clients["agent-sdk"].flags ?? []).not.toContain("cut");
  });

  test("a server that lists a name twice: the second gets its own key and the client's second verdict", () => {
    const twice = [{ id: "dup", status: "ready" as const, tools: [{ name: "a", inputSchema: { type: "object" } }, { name: "a", description: "again", inputSchema: { type: "object" } }] }];
    const state = stateOf(twice);
    const { index } = buildFleetIndex(state, { epoch: "e", read: READ, cache: new IndexCache() });
    expect(index.tools.map((t) => t.key).sort()).toEqual(["dup:a", "dup:a#2"]);
    const second = buildToolDetail(state, "e", "dup", "a", 2)!;
    expect(second.key).toBe("dup:a#2");
    expect(second.clients["claude-code"].verdict?.position).toBe(2);
    expect(buildToolDetail(state, "e", "dup", "a", 3)).toBeNull();
  });
});

describe("buildToolDetail", () => {
  test("one tool in full: the reconciler's reading and each client's verdict with its server's", () => {
    const { state } = build("demo");
    const detail = buildToolDetail(state, "e1", "docs", "get-library-docs")!;
    expect(detail).toMatchObject({ epoch: "e1", version: 1, key: "docs:get-library-docs" });
    expect(detail.tool.originalName).toBe("get-library-docs");
    expect(Object.keys(detail.clients)).toEqual(CLIENT_CHOICE_LIST);
    expect(detail.clients["claude-code"].client.label).toBe("Claude Code 2.1.328");
    expect(detail.clients["claude-code"].verdict?.status).toBe("dropped");
    expect(detail.clients["claude-code"].verdict?.reasons[0].source).toMatch(/__captures__\/claude-code@2\.1\.328\/bad-root\.json$/);
    expect(detail.clients["claude-code"].server?.lost?.tool).toEqual({ originalName: "get-library-docs", position: detail.clients["claude-code"].verdict?.position });
    expect(detail.clients.codex.verdict?.sent?.name).toBe("get_library_docs");
    expect(buildToolDetail(state, "e1", "docs", "nope")).toBeNull();
  });
});

describe("callNameOf", () => {
  test.each(FLEET_NAMES)("%s: every client's name called, as its view has it, from the index", (name) => {
    const { state, built } = build(name);
    for (const choice of CLIENT_CHOICE_LIST) {
      const view = state.views[choice] as ClientView;
      const fromView = (view.tools as ToolVerdict[]).map((v) => v.sent?.callName ?? null).filter((n) => n !== null).sort();
      const fromIndex = built.index.tools.map((t) => callNameOf(t, choice)).filter((n) => n !== null).sort();
      expect(fromIndex, choice).toEqual(fromView);
    }
  });
});

describe("IndexCache", () => {
  test("a build reuses the entries of tools whose snapshot entry and verdicts are the very objects it saw, and only those", () => {
    const state = stateOf(fixtureLists("demo"));
    const cache = new IndexCache();
    const first = buildFleetIndex(state, { epoch: "e", read: READ, cache });
    expect(cache.reused).toBe(0);
    // What an incremental model hands out: the same objects, but for one tool's Claude Code verdict.
    const view = state.views["claude-code"];
    const at = view.tools.findIndex((v) => v.serverId === "tracker" && v.originalName === "get_issue");
    const tools = [...view.tools];
    tools[at] = { ...tools[at] };
    const next = { ...state, version: 2, views: { ...state.views, "claude-code": { ...view, tools } } };
    const second = buildFleetIndex(next, { epoch: "e", read: READ, cache });
    expect(cache.reused).toBe(state.snapshot.tools.length - 1);
    expect(second.toolJson.get("tracker:list_issues")).toBe(first.toolJson.get("tracker:list_issues"));
    expect(JSON.parse(second.json)).toEqual({ ...JSON.parse(first.json), version: 2 });
  });

  test("a server whose tools and verdicts are all the objects of the last build keeps its part, the very object; the others are made again", () => {
    const state = stateOf(fixtureLists("demo"));
    const cache = new IndexCache();
    const first = buildFleetIndex(state, { epoch: "e", read: READ, cache });
    // Every client's verdicts on tracker are new objects: its part is made again, no other.
    const views = Object.fromEntries(
      CLIENT_CHOICE_LIST.map((choice) => {
        const view = state.views[choice];
        return [choice, { ...view, tools: view.tools.map((v) => (v.serverId === "tracker" ? { ...v } : v)) }];
      }),
    ) as typeof state.views;
    const second = buildFleetIndex({ ...state, version: 2, views }, { epoch: "e", read: READ, cache });
    for (const [id, part] of second.parts) {
      if (id === "tracker") expect(part).not.toBe(first.parts.get(id));
      else expect(part, id).toBe(first.parts.get(id));
    }
    expect(second.json).toBe(first.json.replace('"version":1,', '"version":2,'));
  });

  test("tokens are counted on the exact text sent: found again by schema object and the rest of the entry, never across a different text", () => {
    const cache = new IndexCache();
    const texts: string[] = [];
    // Counts where the schema starts: key order changes it, as it may change a tokenizer's count.
    const count = (text: string) => (texts.push(text), text.indexOf('"input_schema"'));
    const schema = { type: "object", properties: { q: { type: "string" } } };
    const wire = { name: "a", description: "Find.", input_schema: schema };
    expect(cache.tokensOf(count, wire)).toBe(JSON.stringify(wire).indexOf('"input_schema"'));
    // The same entry in new objects, the same schema object: found without measuring again.
    const found = cache.tokensOf(count, { name: "a", description: "Find.", input_schema: schema });
    expect(texts).toHaveLength(1);
    expect(found).toBe(JSON.stringify(wire).indexOf('"input_schema"'));
    // Another description, another key order, another name that ends where the first began: each its own text.
    const others = [
      { name: "a", description: "Find more.", input_schema: schema },
      { input_schema: schema, name: "a", description: "Find." },
      { name: "a\"", description: "Find.", input_schema: schema },
      { name: "a", description: "Find.", input_schema: structuredClone(schema), strict: false },
    ];
    for (const other of others) expect(cache.tokensOf(count, other)).toBe(JSON.stringify(other).indexOf('"input_schema"'));
    expect(texts).toEqual([wire, ...others].map((w) => JSON.stringify(w)));
  });
});

describe("the index of an incremental FleetModel", () => {
  // The FleetManager's path: one model and one IndexCache across changes. Each index must be byte for byte
  // the index of the same lists analysed from scratch into an empty cache, and a change must cost only the
  // entries it touched.
  const demo = fixtureLists("demo");
  const relist = (lists: ServerToolList[], id: string, change: (tools: Record<string, unknown>[]) => Record<string, unknown>[] = (t) => t) =>
    lists.map((s) => (s.id === id ? { ...s, tools: change(structuredClone(s.tools) as Record<string, unknown>[]) } : s));
  const DENY: ClientSettings = { claudeCode: { deny: [{ rule: "mcp__tracker__delete_issue", file: ".claude/settings.json" }], maxDescriptionLength: 300 } };
  const steps: { name: string; lists: (before: ServerToolList[]) => ServerToolList[]; settings?: ClientSettings; rebuilt?: (lists: ServerToolList[]) => number }[] = [
    { name: "the fleet as first listed", lists: () => demo },
    { name: "the same lists again", lists: (l) => l, rebuilt: () => 0 },
    {
      name: "one server lists again, one tool's schema changed",
      lists: (l) => relist(l, "tracker", (tools) => tools.map((t) => (t.name === "get_issue" ? { ...t, inputSchema: { type: "object", properties: { id: { type: "string" } } } } : t))),
      // Its server's verdicts are decided again, and each that says what it said before is kept: only that tool's entry is made again.
      rebuilt: () => 1,
    },
    {
      name: "one server lists again with a tool added at the end",
      lists: (l) => relist(l, "tracker", (tools) => [...tools, { name: "zz_added", description: "Added.", inputSchema: { type: "object", properties: { q: { type: "string" } } } }]),
      rebuilt: () => 1,
    },
    {
      name: "one server lists again with a tool added first (every place after it moves)",
      lists: (l) => relist(l, "tracker", (tools) => [{ name: "aa_added", inputSchema: { type: "object" } }, ...tools]),
      rebuilt: (lists) => lists.find((s) => s.id === "tracker")!.tools.length,
    },
    { name: "a server fails", lists: (l) => l.map((s) => (s.id === "wiki" ? { ...s, status: "error" as const, error: "exited with code 1", tools: [] } : s)) },
    { name: "a deny rule and a description limit", lists: (l) => l, settings: DENY },
    { name: "the failed server comes back", lists: (l) => l.map((s) => (s.id === "wiki" ? demo.find((d) => d.id === "wiki")! : s)), settings: DENY },
    { name: "a server leaves", lists: (l) => l.filter((s) => s.id !== "githost"), settings: DENY },
  ];
  const model = new FleetModel();
  const cache = new IndexCache();
  let lists: ServerToolList[] = [];
  test.each(steps.map((step, i) => [step.name, step, i + 1] as const))("%s", (_name, step, version) => {
    lists = step.lists(lists);
    const incremental = buildFleetIndex(stateOf(lists, { version, settings: step.settings, model }), { epoch: "e", read: READ, cache });
    const scratch = buildFleetIndex(stateOf(lists, { version, settings: step.settings }), { epoch: "e", read: READ, cache: new IndexCache() });
    expect(incremental.json).toBe(scratch.json);
    if (step.rebuilt) expect(incremental.index.tools.length - cache.reused).toBe(step.rebuilt(lists));
  });
});
