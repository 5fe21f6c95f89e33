// The real dashboard, started as a user starts it (`npm start -- --config <project>/.mcp.json`), on a
// project whose servers start in its folder with the terminal's environment, become ready seconds
// apart and collide, one of them behind an npx-like wrapper that leaves a helper running. Every way of
// stopping it (SIGTERM, SIGINT, SIGHUP; to npm, to the launcher, to the whole group) must end every
// process and free the port; and all those launches together must record zero drift events.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { FIXTURES_DIR, RAW_SERVER, REPO_ROOT, startHttpFixture } from "@/e2e/fixtures/fixture-servers";
import { childPidsOf, descendantsOf, isAlive } from "@/lib/fleet/testing/process-tree";
import { HistoryStore } from "@/lib/history/store";
import { api, ensureBuilt, launch, portIsFree, TOKEN, waitForFleet, type Launched } from "./testing/launcher";

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

describe("the real dashboard under faults", () => {
  // Planted secrets: an env value and a header value through ${VAR}, and literals a user pasted in.
  const SECRETS = {
    env: "planted-env-secret-7a1c9e",
    header: "planted-header-secret-4b2d8f",
    literalEnv: "planted-literal-env-3e5f1a",
    literalHeader: "planted-literal-header-9c6b2d",
  };
  const faulty = join(scratch, "faulty");
  const config = join(faulty, ".mcp.json");
  let remote: { url: string; close: () => Promise<void> };

  beforeAll(async () => {
    mkdirSync(faulty, { recursive: true });
    const spec = (name: string, fields: Record<string, unknown>) => {
      writeFileSync(join(faulty, `${name}.json`), JSON.stringify({ serverInfo: { name, version: "1.0.0" }, ...fields }));
      return join(faulty, `${name}.json`);
    };
    const tools = [[{ name: "lookup", description: "Look a thing up.", inputSchema: { type: "object", properties: { q: { type: "string" } } }, annotations: { readOnlyHint: true } }]];
    // A server that writes its secrets on stderr, and one that does so and then dies: both leak unless masked.
    spec("leaky", { stderrEnv: ["PLANTED_ENV", "LITERAL_ENV"], requireEnv: ["PLANTED_ENV"], pages: tools });
    spec("leaky-crash", { fault: "exit-at-start", stderrEnv: ["PLANTED_ENV", "LITERAL_ENV"], exitCode: 4 });
    remote = await startHttpFixture(spec("remote", { requireHeaders: ["authorization", "x-api-key"], pages: [[{ name: "remote_lookup", inputSchema: { type: "object" } }]] }));
    const env = { PLANTED_ENV: "${FLEET_TEST_ENV_SECRET}", LITERAL_ENV: SECRETS.literalEnv };
    writeFileSync(
      config,
      JSON.stringify(
        {
          mcpServers: {
            leaky: { command: process.execPath, args: [RAW_SERVER, "./leaky.json"], env },
            "leaky-crash": { command: process.execPath, args: [RAW_SERVER, "./leaky-crash.json"], env },
            remote: { type: "http", url: remote.url, headers: { Authorization: "Bearer ${FLEET_TEST_HEADER_SECRET}", "X-Api-Key": SECRETS.literalHeader } },
          },
        },
        null,
        2,
      ),
    );
  }, 60_000);
  afterAll(async () => {
    await remote?.close();
  });

  test("a planted secret appears in no response, event, page, export, history database, lock file, report or log", { timeout: 240_000 }, async () => {
    const dashboard = await launch({
      via: "npm",
      args: ["--config", config, "--port", "0", "--no-build"],
      env: { ...TERMINAL, MCP_FLEET_DATA: join(faulty, ".mcp-fleet"), FLEET_TEST_ENV_SECRET: SECRETS.env, FLEET_TEST_HEADER_SECRET: SECRETS.header },
    });
    const seen: [string, string][] = [];
    const keep = (where: string, text: string) => seen.push([where, text]);
    try {
      const port = dashboard.port;
      const state = await waitForFleet(port, (s) => s.settled && s.servers.length === 3);
      const status = Object.fromEntries(state.servers.map((s) => [s.id, s.status]));
      expect(status).toEqual({ leaky: "ready", "leaky-crash": "error", remote: "ready" });
      // The values did reach the servers (the remote one answers only with both headers; the others print theirs), masked.
      const leaky = state.servers.find((s) => s.id === "leaky")!;
      expect(leaky.stderrTail).toEqual(["PLANTED_ENV=••••", "LITERAL_ENV=••••"]);
      expect(state.servers.find((s) => s.id === "leaky-crash")!.error).toBe("exited with code 4 before answering initialize; stderr: PLANTED_ENV=•••• | LITERAL_ENV=••••");

      // The live event stream, while the fleet changes.
      const events = fetch(`http://127.0.0.1:${port}/api/events`, { headers: { authorization: `Bearer ${TOKEN}` }, signal: AbortSignal.timeout(6_000) })
        .then(async (response) => {
          const reader = response.body!.getReader();
          let text = "";
          try {
            for (;;) {
              const { done, value } = await reader.read();
              if (done) break;
              text += new TextDecoder().decode(value);
            }
          } catch {
            // the timeout ends the stream
          }
          return text;
        })
        .catch(() => "");

      const calls: [string, string, unknown?][] = [
        ["GET", "/api/fleet"],
        ["GET", "/api/servers/leaky"],
        ["GET", "/api/servers/leaky-crash"],
        ["GET", "/api/servers/remote"],
        ["POST", "/api/refresh", {}],
        ["POST", "/api/servers/leaky/reconnect", { timeoutMs: 20_000 }],
        ["POST", "/api/servers/remote/reconnect"],
        ["PUT", "/api/permissions", { changes: [{ serverId: "leaky", toolName: "lookup", decision: "allow" }, { serverId: "remote", toolName: null, decision: "ask" }] }],
        ["GET", "/api/permissions"],
        ["GET", "/api/permissions/export?format=claude"],
        ["GET", "/api/permissions/export?format=codex"],
        ["GET", "/api/permissions/export?format=cursor"],
        ["GET", "/api/permissions/export?format=cursor-cli"],
        ["GET", "/api/history"],
        ["GET", "/api/history/tools/leaky/lookup"],
        ["GET", "/api/review"],
        ["POST", "/api/review/baseline"],
        ["GET", "/api/report"],
        ["GET", "/api/report?format=json"],
      ];
      for (const [method, path, body] of calls) {
        const response = await api(port, path, { method, body });
        expect(response.status, `${method} ${path}: ${response.text}`).toBeLessThan(300);
        keep(`${method} ${path}`, response.text);
      }
      const preview = (await api(port, "/api/permissions/preview", { method: "POST", body: { target: "settings" } })).json() as { token: string; diff: string };
      keep("preview", JSON.stringify(preview));
      keep("write", (await api(port, "/api/permissions/write", { method: "POST", body: { target: "settings", token: preview.token } })).text);
      keep("events", await events);

      // Every page, rendered in Chromium, and everything the pages fetched.
      const { chromium } = await import("@playwright/test");
      const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
      try {
        const page = await browser.newPage();
        page.on("response", (response) => {
          void response.text().then((text) => keep(`page fetch ${response.url()}`, text), () => {});
        });
        await page.goto(`http://127.0.0.1:${port}/?token=${TOKEN}`);
        for (const path of ["/", "/collisions", "/tools", "/tools/leaky/lookup", "/history", "/review", "/permissions"]) {
          await page.goto(`http://127.0.0.1:${port}${path}`);
          await page.waitForLoadState("networkidle");
          keep(`page ${path}`, await page.content());
        }
        // The failing server's detail, with its error and stderr, opened as a user would.
        await page.goto(`http://127.0.0.1:${port}/`);
        await page.getByRole("button", { name: "Expand server leaky-crash" }).click();
        await page.getByTestId("server-detail-leaky-crash").waitFor();
        keep("page / expanded", await page.content());
      } finally {
        await browser.close();
      }

      // The CLI on the same project: a snapshot and the weekly report.
      const cli = (args: string[]) =>
        spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", join(REPO_ROOT, "lib/cli/run-cli.ts"), ...args], {
          cwd: REPO_ROOT,
          encoding: "utf8",
          env: { ...process.env, FLEET_TEST_ENV_SECRET: SECRETS.env, FLEET_TEST_HEADER_SECRET: SECRETS.header, MCP_FLEET_DATA: join(faulty, ".mcp-fleet") },
        });
      for (const args of [["snapshot", "--config", config, "--json"], ["snapshot", "--config", config], ["report", "--config", config]]) {
        const result = cli(args);
        // It ran and answered (0 even with failed servers): an empty output would hide nothing.
        expect(result.status, result.stderr).toBe(0);
        keep(`fleet ${args.join(" ")}`, result.stdout + result.stderr);
      }
    } finally {
      process.kill(dashboard.pid, "SIGTERM");
      await dashboard.exited;
    }
    keep("launcher log", dashboard.output());
    // What is left on disk: exports, the lock file, the history database with its WAL, and the backup.
    for (const file of readdirRecursive(faulty)) {
      if (file.endsWith(".mcp.json")) continue; // the user's own config holds the literals they pasted
      keep(file, readFileSync(file).toString("latin1"));
    }
    const names = seen.map(([where]) => where);
    expect(names).toEqual(expect.arrayContaining(["events", "page /permissions", "launcher log", join(faulty, "mcp-fleet.lock.json"), join(faulty, ".mcp-fleet", "history.db"), join(faulty, ".claude", "settings.json")]));
    const leaks = seen.flatMap(([where, text]) => Object.entries(SECRETS).filter(([, secret]) => text.includes(secret)).map(([name]) => `${name} in ${where}`));
    expect(leaks).toEqual([]);
  });
});

describe("files changed under the running dashboard", () => {
  const dir = join(scratch, "edited");
  const config = join(dir, ".mcp.json");
  const settings = join(dir, ".claude", "settings.json");
  const entry = (file: string) => ({ command: process.execPath, args: [RAW_SERVER, file] });

  test("a settings file that is not JSON, one changed between preview and write, and a config edited on disk", { timeout: 120_000 }, async () => {
    mkdirSync(join(dir, ".claude"), { recursive: true });
    writeFileSync(config, JSON.stringify({ mcpServers: { basic: entry(join(FIXTURES_DIR, "basic.json")) } }));
    const dashboard = await launch({ via: "npm", args: ["--config", config, "--port", "0", "--no-build"], env: { ...TERMINAL, MCP_FLEET_DATA: join(dir, ".mcp-fleet") } });
    try {
      const port = dashboard.port;
      await waitForFleet(port, (s) => s.settled && s.servers.every((x) => x.status === "ready"));
      expect((await api(port, "/api/permissions", { method: "PUT", body: { changes: [{ serverId: "basic", toolName: "echo", decision: "deny" }] } })).status).toBe(200);

      // Not JSON: refused, named with line and column, the file left as it was.
      writeFileSync(settings, '{ "permissions": { "allow": [ }');
      const broken = await api(port, "/api/permissions/preview", { method: "POST", body: { target: "settings" } });
      expect(broken.status).toBe(400);
      expect(broken.json()).toMatchObject({ code: "bad_request:permissions", message: expect.stringMatching(/^\.claude\/settings\.json:1:\d+: .+; fix the file by hand, nothing was written$/) });
      expect(readFileSync(settings, "utf8")).toBe('{ "permissions": { "allow": [ }');

      // Changed between preview and write: refused, nothing written over the other edit.
      writeFileSync(settings, JSON.stringify({ permissions: { allow: [] } }));
      const { token } = (await api(port, "/api/permissions/preview", { method: "POST", body: { target: "settings" } })).json() as { token: string };
      const edited = JSON.stringify({ permissions: { allow: [] }, model: "someone else's edit" });
      writeFileSync(settings, edited);
      const conflict = await api(port, "/api/permissions/write", { method: "POST", body: { target: "settings", token } });
      expect(conflict.status).toBe(409);
      expect(conflict.json()).toMatchObject({ code: "conflict:permissions", message: ".claude/settings.json changed since the preview (someone else edited it); nothing was written. Preview again to see the current file." });
      expect(readFileSync(settings, "utf8")).toBe(edited);

      // The config edited while the dashboard runs: applied, and said.
      writeFileSync(config, JSON.stringify({ mcpServers: { basic: entry(join(FIXTURES_DIR, "basic.json")), pages: entry(join(FIXTURES_DIR, "three-pages.json")) } }));
      const state = await waitForFleet(port, (s) => s.settled && s.servers.length === 2 && s.notices.some((n) => n.code === "config:reloaded"), 30_000);
      expect(state.servers.map((s) => [s.id, s.status])).toEqual([
        ["basic", "ready"],
        ["pages", "ready"],
      ]);
      expect(state.notices.at(-1)).toMatchObject({ tone: "good", file: config, message: 'edited/.mcp.json changed on disk: added "pages".' });
    } finally {
      process.kill(dashboard.pid, "SIGTERM");
      await dashboard.exited;
    }
  });
});

function readdirRecursive(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? readdirRecursive(join(dir, entry.name)) : [join(dir, entry.name)]));
}
