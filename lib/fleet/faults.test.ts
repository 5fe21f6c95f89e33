// Servers that lie, flood or stall, each against a healthy neighbour: real raw-server processes. Each
// fault stays with its server, is said in words that name it, and the fleet's state still builds.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, test } from "vitest";
import { fixtureSpecPath, makeToolsFileServer, rawServerCommand, type RawTool } from "@/e2e/fixtures/fixture-servers";
import type { ServerConfig } from "@/lib/config/types";
import { FleetManager, type FleetManagerOptions } from "./manager";
import { shellEnvironment } from "./server-env";
import type { FleetState } from "./types";

const scratch = mkdtempSync(join(tmpdir(), "mcp-fleet-faults-"));
const managers: FleetManager[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.close()));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function manager(opts: FleetManagerOptions = {}): FleetManager {
  const m = new FleetManager({ timeoutMs: 30_000, ...opts });
  managers.push(m);
  return m;
}
const source = { file: join(scratch, ".mcp.json"), format: "claude-code" as const };
const steady: ServerConfig = { id: "steady", transport: "stdio", enabled: true, source, ...rawServerCommand(fixtureSpecPath("basic")) };
let specs = 0;
function specServer(id: string, spec: Record<string, unknown>): ServerConfig {
  const path = join(scratch, `${id}-${++specs}.json`);
  writeFileSync(path, JSON.stringify({ serverInfo: { name: id, version: "1.0.0" }, ...spec }));
  return { id, transport: "stdio", enabled: true, source, ...rawServerCommand(path) };
}
const byId = (state: FleetState, id: string) => state.servers.find((s) => s.id === id)!;
const toolsOf = (state: FleetState, id: string) => state.snapshot.tools.filter((t) => t.serverId === id);

test("an npx that is still installing when its time runs out: the message says so and how to give it longer", { timeout: 60_000 }, async () => {
  // A stand-in for `npx -y <pkg>` on a first run: a fetch line on stderr, then silence.
  const bin = join(scratch, "bin");
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, "npx"), `#!/bin/sh\necho "npm http fetch GET 200 https://registry.npmjs.org/@acme%2fslow-mcp 812ms (cache miss)" >&2\nexec sleep 600\n`);
  chmodSync(join(bin, "npx"), 0o755);
  // Long enough for the steady SDK server to start on a loaded 2-core machine: it shares the fleet's timeout.
  const m = manager({ timeoutMs: 5_000, shellEnv: shellEnvironment({ ...process.env, PATH: `${bin}:${process.env.PATH}` }) });
  await m.start({ servers: [steady, { id: "slow", transport: "stdio", enabled: true, source, command: "npx", args: ["-y", "@acme/slow-mcp"] }], findings: [], files: [] });
  expect(byId(m.getState(), "slow").error).toBe(
    'timed out after 5000 ms waiting for initialize; npx may still be installing the package (a first start downloads it; last on stderr: "npm http fetch GET 200 https://registry.npmjs.org/@acme%2fslow-mcp 812ms (cache miss)"); raise the timeout with --timeout 60000 (or Reconnect with a longer timeout)',
  );
  expect(byId(m.getState(), "steady").status).toBe("ready");
});

describe("big lists", () => {
  test("5,000 tools over ten pages", { timeout: 120_000 }, async () => {
    const m = manager();
    await m.start({ servers: [steady, specServer("many", { generateTools: { count: 5_000, pageSize: 500 } })], findings: [], files: [] });
    const state = m.getState();
    expect(byId(state, "many").status).toBe("ready");
    expect(state.snapshot.servers.find((s) => s.id === "many")?.toolCount).toBe(5_000);
    expect(toolsOf(state, "many").filter((t) => t.exposedName !== null)).toHaveLength(5_000);
    expect(toolsOf(state, "steady").map((t) => t.exposedName)).toEqual(["echo", "lookup_record"]);
  });

  test("a 10 MB tools/list answer in one message (the SDK's own reader stops at 10 MB)", { timeout: 120_000 }, async () => {
    const m = manager();
    await m.start({ servers: [steady, specServer("huge", { generateTools: { count: 1_000, descriptionBytes: 10_500 } })], findings: [], files: [] });
    const state = m.getState();
    expect(byId(state, "huge")).toMatchObject({ status: "ready" });
    const listed = toolsOf(state, "huge");
    expect(listed).toHaveLength(1_000);
    expect(JSON.stringify(listed.map((t) => t.originalDescription)).length).toBeGreaterThan(10 * 1024 * 1024);
    expect(byId(state, "steady").status).toBe("ready");
  });
});

describe("schemas that break naive code", () => {
  function nested(depth: number): Record<string, unknown> {
    let schema: Record<string, unknown> = { type: "string" };
    for (let i = 0; i < depth; i++) schema = { type: "object", properties: { inner: schema } };
    return schema;
  }
  const tools: RawTool[] = [
    { name: "deep", description: "A schema nested 200 levels deep.", inputSchema: nested(200) },
    { name: "cycle", description: "$ref a -> b -> a.", inputSchema: { type: "object", $defs: { a: { $ref: "#/$defs/b" }, b: { $ref: "#/$defs/a" } }, properties: { x: { $ref: "#/$defs/a" } } } },
    { name: "self_ref", description: "A root combinator whose branches point at themselves.", inputSchema: { type: "object", $defs: { loop: { $ref: "#/$defs/loop" } }, anyOf: [{ $ref: "#/$defs/loop" }, { $ref: "#/$defs/loop" }] } },
    { name: "twice", description: "The first of two tools with one name.", inputSchema: { type: "object" } },
    { name: "twice", description: "The second.", inputSchema: { type: "object", properties: { a: { type: "string" } } } },
    { name: "fine", description: "A plain tool.", inputSchema: { type: "object", properties: { q: { type: "string" } } } },
  ];

  test("a 200-deep schema, $ref cycles and a duplicate name: the server keeps its other tools, the state builds", { timeout: 60_000 }, async () => {
    const { specPath } = makeToolsFileServer(join(scratch, "odd"), tools);
    const m = manager();
    await m.start({ servers: [steady, { id: "odd", transport: "stdio", enabled: true, source, ...rawServerCommand(specPath) }], findings: [], files: [] });
    const state = m.getState();
    expect(byId(state, "odd").status).toBe("ready");
    const verdicts = toolsOf(state, "odd")
      .map((t) => `${t.originalName}: ${t.excluded ? t.excluded.reasons.map((r) => r.code).join(",") : t.exposedName}`)
      .sort();
    // Which of the two `twice` the reconciler keeps is its rule (lib/reconcile); here: one kept, one flagged.
    expect(verdicts).toEqual(["cycle: cycle", "deep: deep", "fine: fine", "self_ref: self_ref", "twice: spec:duplicate-name", "twice: twice"]);
    // Claude Code resolves a $ref branch one level: a branch that lands on another $ref adds nothing (docs/clients.md).
    const selfRef = toolsOf(state, "odd").find((t) => t.originalName === "self_ref");
    expect(selfRef?.flattened?.lost?.map((f) => `${f.code} ${f.path}`)).toEqual(expect.arrayContaining(["flatten:branch-ignored /anyOf/0", "flatten:branch-ignored /anyOf/1"]));
    // The whole state serializes: what the API and the event stream send.
    expect(() => JSON.stringify(state)).not.toThrow();
    expect(toolsOf(state, "steady").map((t) => t.exposedName)).toEqual(["echo", "lookup_record"]);
  });
});

test("a list_changed storm (500 a second for 3 s): bounded re-lists, the final list, the neighbour unaffected", { timeout: 60_000 }, async () => {
  const m = manager({ debounceMs: 200, maxRefreshWaitMs: 1_000 });
  await m.start({ servers: [steady, specServer("storm", { listChangedStorm: { perSecond: 500, durationMs: 3_000 } })], findings: [], files: [] });
  const startedAt = Date.now();
  // During the storm the neighbour is still re-listed on request.
  await new Promise((r) => setTimeout(r, 1_000));
  await m.refresh("steady");
  expect(byId(m.getState(), "steady")).toMatchObject({ status: "ready", listCount: 2 });
  // Quiet again: one last re-list reads the final list, then nothing changes.
  await expect
    .poll(
      async () => {
        const a = toolsOf(m.getState(), "storm").map((t) => t.originalName);
        await new Promise((r) => setTimeout(r, 700));
        return Date.now() - startedAt > 3_000 && JSON.stringify(a) === JSON.stringify(toolsOf(m.getState(), "storm").map((t) => t.originalName));
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  const storm = byId(m.getState(), "storm");
  const [tool] = toolsOf(m.getState(), "storm");
  // Hundreds of notifications, a handful of re-lists: one a second at most, plus the last one.
  expect(Number(tool.originalName.replace("storm_", ""))).toBeGreaterThan(300);
  expect(storm.listCount).toBeGreaterThanOrEqual(3);
  expect(storm.listCount).toBeLessThanOrEqual(8);
  expect(storm.status).toBe("ready");
});
