// The real dashboard, started as a user starts it (`npm start -- --config <project>/.mcp.json`), on a
// project whose servers start in its folder with the terminal's environment, become ready seconds
// apart and collide, one of them behind an npx-like wrapper that leaves a helper running. Every way of
// stopping it (SIGTERM, SIGINT, SIGHUP; to npm, to the launcher, to the whole group) must end every
// process and free the port; and all those launches together must record zero drift events.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { FIXTURES_DIR, RAW_SERVER } from "@/e2e/fixtures/fixture-servers";
import { childPidsOf, descendantsOf, isAlive } from "@/lib/fleet/testing/process-tree";
import { HistoryStore } from "@/lib/history/store";
import { ensureBuilt, launch, portIsFree, waitForFleet, type Launched } from "./testing/launcher";

const scratch = mkdtempSync(join(tmpdir(), "mcp-fleet-launcher-"));
const project = join(scratch, "project");
const dataDir = join(scratch, "data");
const leftovers = new Set<number>();

beforeAll(() => {
  ensureBuilt();
  mkdirSync(project, { recursive: true });
  const tool = (name: string, type: string) => ({ name, description: `${name} (${type})`, inputSchema: { type: "object", properties: { q: { type } } } });
  const spec = (name: string, fields: Record<string, unknown>) => writeFileSync(join(project, `${name}.json`), JSON.stringify({ serverInfo: { name, version: "1.0.0" }, ...fields }));
  // Relative spec paths throughout: only a server started in the project folder finds them.
  spec("fast", { reportCwd: true, reportEnv: ["npm_config_cache", "HTTPS_PROXY"], requireEnv: ["npm_config_cache", "HTTPS_PROXY"], pages: [[tool("search", "string"), tool("fetch", "string")]] });
  spec("slow", { startDelayMs: 1_000, pages: [[tool("search", "number")]] });
  spec("slower", { startDelayMs: 2_000, pages: [[tool("search", "boolean"), tool("fetch", "integer")]] });
  const raw = (file: string) => ({ command: process.execPath, args: [RAW_SERVER, file] });
  writeFileSync(
    join(project, ".mcp.json"),
    JSON.stringify({
      mcpServers: {
        wrapped: { command: process.execPath, args: [join(FIXTURES_DIR, "npx-like.mjs"), "./fast.json"] },
        fast: raw("./fast.json"),
        slow: raw("./slow.json"),
        slower: raw("./slower.json"),
      },
    }),
  );
}, 600_000);

afterAll(() => {
  // Only if a test failed: end what it left behind, by pid.
  for (const pid of leftovers) if (isAlive(pid)) process.kill(pid, "SIGKILL");
  rmSync(scratch, { recursive: true, force: true });
});

/** The terminal's environment: npm's cache and a proxy set, as a daily user has them. */
const TERMINAL = {
  npm_config_cache: join(scratch, "npm-cache"),
  npm_config_update_notifier: "false",
  HTTPS_PROXY: "http://127.0.0.1:9",
  MCP_FLEET_DATA: dataDir,
};

async function startDashboard(): Promise<Launched> {
  return launch({ via: "npm", args: ["--config", join(project, ".mcp.json"), "--port", "0", "--no-build"], env: TERMINAL });
}

type Target = "npm" | "the launcher" | "the process group";
const cases: [NodeJS.Signals, Target][] = (["SIGTERM", "SIGINT", "SIGHUP"] as const).flatMap((signal) =>
  (["npm", "the launcher", "the process group"] as const).map((target): [NodeJS.Signals, Target] => [signal, target]),
);

describe("npm start on a project", () => {
  test.each(cases)("%s to %s ends every server process and frees the port", { timeout: 120_000 }, async (signal, target) => {
    const dashboard = await startDashboard();
    const [launcher] = childPidsOf(dashboard.pid);
    try {
      const state = await waitForFleet(dashboard.port, (s) => s.settled && s.servers.length === 4);
      expect(state.servers.map((s) => [s.id, s.status])).toEqual([
        ["wrapped", "ready"],
        ["fast", "ready"],
        ["slow", "ready"],
        ["slower", "ready"],
      ]);
      // Started in the project folder with the terminal's variables (names only: values never leave the server).
      expect(state.servers.find((s) => s.id === "fast")?.instructions).toBe(`cwd: ${project}\nenv: npm_config_cache=set HTTPS_PROXY=set`);
      // npm -> the launcher (npm's shell replaced by exec) -> 4 servers, and the wrapper's server and helper.
      const tree = descendantsOf(dashboard.pid);
      for (const pid of tree) leftovers.add(pid);
      expect(tree.length).toBeGreaterThanOrEqual(7);
      expect(tree).toContain(launcher);

      const victim = target === "npm" ? dashboard.pid : target === "the launcher" ? launcher : -dashboard.pid;
      process.kill(victim, signal);
      await dashboard.exited;
      await expect.poll(() => tree.filter(isAlive), { timeout: 15_000 }).toEqual([]);
      expect(await portIsFree(dashboard.port)).toBe(true);
      expect(dashboard.output()).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m); // no stack trace
    } finally {
      if (dashboard.child.exitCode === null && dashboard.child.signalCode === null) process.kill(-dashboard.pid, "SIGKILL");
    }
  });

  test("all those launches, servers ready seconds apart: zero drift events, one observation per server", () => {
    const store = HistoryStore.open(dataDir);
    try {
      expect(store.events()).toEqual([]);
      expect(store.observationCount()).toBe(4);
    } finally {
      store.close();
    }
  });
});
