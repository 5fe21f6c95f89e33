/**
 * The incremental fleet model against the plain functions: over a sequence of changes to a fleet made
 * of the fixture servers (tools added, removed, renamed and changed, collisions made and undone, a
 * server down and back, servers added and removed, settings changed), every update's snapshot and
 * client views equal, byte for byte, what reconcile() and clientView() make from scratch; and the
 * model's counts show that only the changed server's new tools were analysed again.
 */
import { describe, expect, test } from "vitest";
import { reconcile } from "../reconcile/reconcile";
import type { ServerToolList } from "../reconcile/types";
import { loadFleet, SPECS } from "./__fixtures__/load-fleet";
import { FleetModel, type FleetModelStats } from "./fleet-model";
import { CLIENT_CHOICES, clientView, type ClientChoice, type ClientSettings } from "./index";

const CHOICES = Object.keys(CLIENT_CHOICES) as ClientChoice[];
type Tool = Record<string, unknown>;

/** Every server of these fixture fleets, as the fleet layer hands them over (instructions included). */
function baseFleet(): ServerToolList[] {
  return ["sanitize", "two-servers", "flatten", "descriptions", "order"].flatMap((name) =>
    loadFleet(name).servers.map((server) => {
      const spec = SPECS[server.spec] as { instructions?: string };
      return { id: server.id, label: server.label, status: "ready" as const, ...(spec.instructions ? { instructions: spec.instructions } : {}), tools: server.tools };
    }),
  );
}

/** A new list for one server, as a re-list brings it: new objects throughout, `change` applied. */
function relist(servers: ServerToolList[], id: string, change: (tools: Tool[]) => Tool[] = (t) => t, extra: Partial<ServerToolList> = {}): ServerToolList[] {
  return servers.map((s) => (s.id === id ? { ...s, ...extra, tools: change(structuredClone(s.tools) as Tool[]) } : s));
}

function plain(servers: ServerToolList[], settings: ClientSettings): string[] {
  return [JSON.stringify(reconcile(servers)), ...CHOICES.map((choice) => JSON.stringify(clientView(choice, servers, settings)))];
}

function modelled(model: FleetModel, servers: ServerToolList[], settings: ClientSettings): string[] {
  const result = model.update(servers, settings);
  return [JSON.stringify(result.snapshot), ...CHOICES.map((choice) => JSON.stringify(result.view(choice)))];
}

function delta(before: FleetModelStats, after: FleetModelStats): Partial<FleetModelStats> {
  return { toolsAnalysed: after.toolsAnalysed - before.toolsAnalysed, serverParts: after.serverParts - before.serverParts };
}

const DENY: ClientSettings = {
  claudeCode: { deny: [{ rule: "mcp__alpha", file: ".claude/settings.json" }], maxDescriptionLength: 200 },
  codex: { servers: { zeta: { disabledTools: ["zeta_b"], file: "config.toml" } } },
};

interface Step {
  name: string;
  next: (servers: ServerToolList[]) => ServerToolList[];
  settings?: ClientSettings;
  /** What the model should have computed again for this step, when it is worth pinning down. */
  expect?: Partial<FleetModelStats>;
}

const STEPS: Step[] = [
  { name: "the fleet as first listed", next: (s) => s },
  { name: "the same lists again", next: (s) => s, expect: { toolsAnalysed: 0, serverParts: 0 } },
  {
    name: "one tool's description changes (a re-list: every object new)",
    next: (s) => relist(s, "desc", (tools) => tools.map((t, i) => (i === 0 ? { ...t, description: `${String(t.description)} Now paginated.` } : t))),
    // One tool is new; each of the four views decides that one server again.
    expect: { toolsAnalysed: 1, serverParts: 4 },
  },
  {
    name: "a tool listed again with its schema's keys in another order (another exact JSON, so another tool)",
    next: (s) => relist(s, "desc", (tools) => tools.map((t, i) => (i === 1 ? { ...t, inputSchema: Object.fromEntries(Object.entries(t.inputSchema as Tool).reverse()) } : t))),
    expect: { toolsAnalysed: 1 },
  },
  {
    name: "a tool is added that collides with another server's",
    next: (s) => relist(s, "alpha", (tools) => [...tools, { name: "echo", description: "Echo, again.", inputSchema: { type: "object", properties: { text: { type: "string" } } } }]),
  },
  { name: "the colliding tool is removed", next: (s) => relist(s, "alpha", (tools) => tools.filter((t) => t.name !== "echo")) },
  { name: "a tool is renamed", next: (s) => relist(s, "zeta", (tools) => tools.map((t, i) => (i === 0 ? { ...t, name: `${String(t.name)}_v2` } : t))) },
  {
    name: "a schema gains a root oneOf",
    next: (s) =>
      relist(s, "Mid", (tools) =>
        tools.map((t, i) => (i === 0 ? { ...t, inputSchema: { type: "object", properties: { a: { type: "string" }, b: { type: "string" } }, oneOf: [{ required: ["a"] }, { required: ["b"] }] } } : t)),
      ),
  },
  { name: "a server goes down", next: (s) => relist(s, "basic", () => [], { status: "error", error: "exited with code 1" }), expect: { toolsAnalysed: 0 } },
  {
    name: "it comes back with its tools",
    next: (s) => s.map((server) => (server.id === "basic" ? { id: "basic", label: server.label, status: "ready" as const, tools: structuredClone(baseFleet().find((b) => b.id === "basic")!.tools) } : server)),
  },
  {
    name: "a server is added that sorts first and lists names others list",
    next: (s) => [{ id: "aaa", status: "ready", tools: structuredClone([...s.find((x) => x.id === "alpha")!.tools, ...s.find((x) => x.id === "zeta")!.tools]) }, ...s],
  },
  { name: "a server is removed", next: (s) => s.filter((server) => server.id !== "pages") },
  {
    name: "a server lists one name twice and a tool with no name",
    next: (s) => relist(s, "alpha", (tools) => [...tools, { ...tools[0] }, { description: "no name", inputSchema: { type: "object" } }]),
  },
  { name: "settings change: a deny rule, a description limit, a disabled Codex tool", next: (s) => s, settings: DENY, expect: { toolsAnalysed: 0 } },
  { name: "servers handed over in another order", next: (s) => [...s].reverse(), settings: DENY, expect: { toolsAnalysed: 0, serverParts: 0 } },
  { name: "every tool new at once", next: (s) => structuredClone(s), settings: DENY },
];

describe("the fleet model equals the plain functions after every change", () => {
  const model = new FleetModel();
  let servers: ServerToolList[] = baseFleet();
  test.each(STEPS.map((step) => [step.name, step] as const))("%s", (_name, step) => {
    servers = step.next(servers);
    const settings = step.settings ?? {};
    const before = model.stats;
    const incremental = modelled(model, servers, settings);
    const changed = delta(before, model.stats);
    expect(incremental).toEqual(plain(servers, settings));
    // A model that never saw the fleet before says the same.
    expect(modelled(new FleetModel(), servers, settings)).toEqual(incremental);
    if (step.expect) expect(Object.fromEntries(Object.keys(step.expect).map((k) => [k, changed[k as keyof FleetModelStats]]))).toEqual(step.expect);
  });
});

test("only the changed server's tools are analysed again; the rest are reused as they were", () => {
  const model = new FleetModel();
  const servers = baseFleet();
  model.update(servers);
  const total = servers.reduce((n, s) => n + s.tools.length, 0);
  const first = model.stats;
  // Distinct tools only: the fixture lists a few tools twice (two servers registered from one spec).
  expect(first.toolsAnalysed).toBeGreaterThan(total / 2);
  expect(first.toolsAnalysed).toBeLessThanOrEqual(total);

  // The server's new list changes two of its tools; its other tools come back as new, equal objects.
  const changed = relist(servers, "combos", (tools) => tools.map((t, i) => (i < 2 ? { ...t, title: `Tool ${i}` } : t)));
  const result = model.update(changed);
  expect(model.stats.toolsAnalysed - first.toolsAnalysed).toBe(2);
  // The other servers' snapshot tools are the very objects of the update before.
  const kept = new Set(model.update(servers).snapshot.tools);
  const again = model.update(servers).snapshot.tools;
  expect(again.filter((t) => kept.has(t))).toHaveLength(again.length);
  expect(result.snapshot.tools.filter((t) => t.serverId === "combos" && t.title !== undefined)).toHaveLength(2);
});

test("what no server lists any more is let go", () => {
  const model = new FleetModel();
  const servers = baseFleet();
  model.update(servers);
  const full = model.stats.toolsKept;
  model.update(servers.filter((s) => s.id !== "pages" && s.id !== "combos"));
  const removed = new Set([...servers.find((s) => s.id === "pages")!.tools, ...servers.find((s) => s.id === "combos")!.tools].map((t) => JSON.stringify(t)));
  expect(model.stats.toolsKept).toBe(full - removed.size);
  model.update([]);
  expect(model.stats.toolsKept).toBe(0);
});

describe("every reuse path of an update gives exactly the full result", () => {
  // Servers built to meet each other: a name three of them list (identical and divergent collisions),
  // two ids Codex and Claude Code both write as `dot_ted`, names that sort among other servers' in
  // Claude Code's collation order, and a tool whose name is another's prefixed exposed name.
  const schema = (...names: string[]) => ({ type: "object", properties: Object.fromEntries(names.map((n) => [n, { type: "string" }])) });
  const tool = (name: string, ...props: string[]): Tool => ({ name, description: `Does ${name}.`, inputSchema: schema(...(props.length > 0 ? props : ["q"])) });
  const server = (id: string, tools: Tool[], extra: Partial<ServerToolList> = {}): ServerToolList => ({ id, status: "ready", tools, ...extra });
  const base = (): ServerToolList[] => [
    server("alpha", [tool("shared"), tool("a_one"), tool("Zeta_last")]),
    server("beta", [tool("shared"), tool("b-two"), tool("_first")], { label: "Beta" }),
    server("gamma", [tool("shared", "other"), tool("g.dotted")]),
    server("dot.ted", [tool("x"), tool("y")]),
    server("dot_ted", [tool("x"), tool("z")]),
    server("zz", [tool("zz_tool"), tool("MiXed"), tool("mixed")]),
  ];
  const replace = (servers: ServerToolList[], id: string, change: (s: ServerToolList) => ServerToolList | null) =>
    servers.flatMap((s) => (s.id === id ? (change({ ...s, tools: structuredClone(s.tools) }) ?? []) : [s]));

  const steps: { name: string; next: (s: ServerToolList[]) => ServerToolList[] }[] = [
    { name: "the fleet as first listed", next: (s) => s },
    { name: "a tool renamed to sort first in Claude Code's order", next: (s) => replace(s, "zz", (z) => ({ ...z, tools: z.tools.map((t, i) => (i === 0 ? { ...(t as Tool), name: "_aaa" } : t)) })) },
    { name: "a server added whose names sort among the others' and collide", next: (s) => [...s, server("mm", [tool("shared"), tool("b-two"), tool("m_mid")])] },
    { name: "that server removed", next: (s) => s.filter((x) => x.id !== "mm") },
    { name: "a divergent collision becomes identical", next: (s) => replace(s, "gamma", (g) => ({ ...g, tools: [tool("shared"), ...g.tools.slice(1)] })) },
    { name: "a collided server's label changes (its tags change)", next: (s) => replace(s, "beta", (b) => ({ ...b, label: "Beta 2" })) },
    { name: "one of two servers Codex names alike is removed", next: (s) => s.filter((x) => x.id !== "dot_ted") },
    { name: "and comes back", next: (s) => [...s, server("dot_ted", [tool("x"), tool("z")])] },
    { name: "a tool named like another's prefixed exposed name (a clash)", next: (s) => [...s, server("x", [tool("alpha__shared")])] },
    { name: "a server id given twice", next: (s) => [...s, server("beta", [tool("again")])] },
    { name: "the second one gone", next: (s) => s.filter((x, i, all) => !(x.id === "beta" && all.findIndex((y) => y.id === "beta") !== i)) },
    { name: "a name sanitizing changes (exposed names and alias maps move)", next: (s) => replace(s, "alpha", (a) => ({ ...a, tools: a.tools.map((t, i) => (i === 1 ? { ...(t as Tool), name: "a.one" } : t)) })) },
    { name: "a server down", next: (s) => replace(s, "zz", (z) => ({ ...z, status: "error", error: "exited", tools: [] })) },
    { name: "the same lists again", next: (s) => s },
  ];

  const model = new FleetModel();
  let servers = base();
  test.each(steps.map((step) => [step.name, step] as const))("%s", (_name, step) => {
    servers = step.next(servers);
    expect(modelled(model, servers, DENY)).toEqual(plain(servers, DENY));
  });

  test("an update that renames and moves nothing hands out the last lookups, alias maps and collision groups again", () => {
    const again = new FleetModel();
    const fleet = base();
    const first = again.update(fleet);
    const views = CHOICES.map((choice) => first.view(choice));
    // One server lists again with one description changed: new objects, the same names.
    const next = again.update(replace(fleet, "zz", (z) => ({ ...z, tools: z.tools.map((t, i) => (i === 2 ? { ...(t as Tool), description: "Changed." } : t)) })));
    for (const [i, choice] of CHOICES.entries()) {
      expect(next.view(choice).byTool).toBe(views[i].byTool);
      expect(next.view(choice).byCallName).toBe(views[i].byCallName);
    }
    expect(next.snapshot.forward).toBe(first.snapshot.forward);
    expect(next.snapshot.reverse).toBe(first.snapshot.reverse);
    expect(next.snapshot.collisions.every((g, i) => g === first.snapshot.collisions[i])).toBe(true);
    // And still what the plain functions give.
    expect(JSON.stringify(next.snapshot)).toBe(JSON.stringify(reconcile(replace(fleet, "zz", (z) => ({ ...z, tools: z.tools.map((t, i) => (i === 2 ? { ...(t as Tool), description: "Changed." } : t)) })))));
  });

  test("a server listed again with one tool changed keeps every other verdict of it, the same objects, in every view", () => {
    const again = new FleetModel();
    const fleet = base();
    const first = again.update(fleet, DENY);
    const views = CHOICES.map((choice) => first.view(choice));
    const changed = replace(fleet, "zz", (z) => ({ ...z, tools: z.tools.map((t, i) => (i === 2 ? { ...(t as Tool), description: "Changed." } : t)) }));
    const next = again.update(changed, DENY);
    for (const [i, choice] of CHOICES.entries()) {
      const before = views[i].tools.filter((v) => v.serverId === "zz");
      const after = next.view(choice).tools.filter((v) => v.serverId === "zz");
      expect(after.map((v, k) => v === before[k]), choice).toEqual([true, true, false]);
      expect(JSON.stringify(next.view(choice)), choice).toBe(JSON.stringify(clientView(choice, changed, DENY)));
    }
  });

  test("lookups are made when first read: read late, out of turn or never, each view's are its own", () => {
    const late = new FleetModel();
    let fleet = base();
    const made = steps.map((step) => {
      fleet = step.next(fleet);
      const result = late.update(fleet, DENY);
      return { fleet, views: CHOICES.map((choice) => result.view(choice)) };
    });
    // Every third update never read; the others newest first, so each meets a last view read or not.
    const order = made.map((_, i) => i).filter((i) => i % 3 !== 1).reverse();
    for (const i of order) {
      for (const [c, choice] of CHOICES.entries()) {
        const fresh = clientView(choice, made[i].fleet, DENY);
        expect(JSON.stringify([made[i].views[c].byTool, made[i].views[c].byCallName]), `${steps[i].name}, ${choice}`).toBe(JSON.stringify([fresh.byTool, fresh.byCallName]));
      }
    }
  });
});
