import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { fixtureSpecPath, rawServerCommand } from "@/e2e/fixtures/fixture-servers";
import { childPidsOf } from "@/lib/fleet/testing/process-tree";
import type { FleetSnapshot } from "@/lib/reconcile/types";
import { CliError, type CliIO } from "../io";
import { main } from "../main";
import { parseSnapshotArgs } from "./snapshot";

const dir = mkdtempSync(join(tmpdir(), "mcp-fleet-snapshot-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SECRET = "sk-test-0123456789abcdef";
writeFileSync(
  join(dir, ".mcp.json"),
  JSON.stringify(
    {
      mcpServers: {
        basic: rawServerCommand(fixtureSpecPath("basic")),
        pages: rawServerCommand(fixtureSpecPath("three-pages")),
        quits: rawServerCommand(fixtureSpecPath("exit-at-start")),
        leaky: {
          command: process.execPath,
          args: ["-e", "console.error('using key ' + process.env.API_KEY); process.exit(4)"],
          env: { API_KEY: "${FLEET_TEST_KEY}" },
        },
        remote: { url: "http://127.0.0.1:9/mcp" },
      },
    },
    null,
    2,
  ),
);

function io(): CliIO & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (l) => stdout.push(l), err: (l) => stderr.push(l), cwd: dir, env: { PATH: process.env.PATH, HOME: process.env.HOME, FLEET_TEST_KEY: SECRET } };
}

describe("mcp-fleet snapshot", () => {
  test("prints every count first, then one line per server with its timings or its error; failed servers are shown, not fatal; no secret printed", { timeout: 60_000 }, async () => {
    const t = io();
    const code = await main(["snapshot", "--config", ".mcp.json", "--timeout", "20000"], t);
    expect(code).toBe(0);
    const text = t.stdout.join("\n").replace(/connect \d+ ms, list \d+ ms/g, "connect N ms, list N ms");
    expect(text.replace(/fleet [0-9a-f]{16}:/, "fleet H:")).toMatchInlineSnapshot(`
      "fleet H: 5 servers (2 ready, 3 error), 8 tools (6 exposed, 2 excluded); 0 collisions, 0 renamed, 0 flattened, 0 warnings, 0 checks skipped

      servers
        basic   ready  2 tools  connect N ms, list N ms  (fixture-basic 1.0.0)
        leaky   error  exited with code 4 before answering initialize; stderr: using key ••••
        pages   ready  6 tools  connect N ms, list N ms  (fixture-three-pages 1.0.0)
        quits   error  exited with code 3 before answering initialize; stderr: fixture-exit-at-start: loading configuration | Error: API_TOKEN is not set; refusing to start
        remote  error  MCP server "remote" has a "url" but no "type"; add "type": "http" (or "sse" / "ws") to this entry

      excluded (2)
        pages:(unnamed #3)
          - spec:missing-name: the tool has no name
        pages:page_two_not_object
          - spec:root-not-object: the inputSchema root has type "string"; MCP requires type "object" (at /type); fix: set "type": "object" at the root"
    `);
    expect(t.stderr.join("\n")).toMatch(/\.mcp\.json:\d+:\d+: error: .*"remote".*\[config:url-without-type\]/);
    expect([...t.stdout, ...t.stderr].join("\n")).not.toContain(SECRET);
    expect(childPidsOf(process.pid)).toEqual([]);
  });

  test("--json prints the FleetSnapshot contract", { timeout: 60_000 }, async () => {
    const t = io();
    expect(await main(["snapshot", "--config", join(dir, ".mcp.json"), "--json", "--timeout=20000"], t)).toBe(0);
    const snapshot = JSON.parse(t.stdout.join("\n")) as FleetSnapshot;
    expect(Object.keys(snapshot).sort()).toEqual(["collisions", "fleetHash", "forward", "reverse", "servers", "tools"]);
    expect(snapshot.servers.map((s) => [s.id, s.status, s.toolCount])).toEqual([
      ["basic", "ready", 2],
      ["leaky", "error", 0],
      ["pages", "ready", 6],
      ["quits", "error", 0],
      ["remote", "error", 0],
    ]);
    expect(snapshot.tools.filter((tool) => tool.excluded).map((tool) => tool.originalName)).toEqual(["(unnamed #3)", "page_two_not_object"]);
    expect(t.stdout.join("\n")).not.toContain(SECRET);
  });

  test.each([
    [["--config"], "--config needs a value"],
    [["--config", "a.json", "--timeout", "soon"], '--timeout takes a whole number of milliseconds above 0, not "soon"'],
    [["--config", "a.json", "--timeout", "0"], '--timeout takes a whole number of milliseconds above 0, not "0"'],
    [["--config", "a.json", "--verbose"], 'unknown option "--verbose"'],
    [["--config", "a.json", "--json=yes"], "--json takes no value"],
  ])("bad arguments %j are one line: %s", (args, message) => {
    const error = (() => {
      try {
        parseSnapshotArgs(args);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(CliError);
    expect((error as Error).message.startsWith(message)).toBe(true);
    expect((error as Error).message).not.toContain("\n");
  });

  test("a bad argument exits 2 with the message on stderr", async () => {
    const t = io();
    expect(await main(["snapshot", "--config", "x.json", "--timeout", "-1"], t)).toBe(2);
    expect(t.stderr).toEqual(['mcp-fleet snapshot: --timeout takes a whole number of milliseconds above 0, not "-1"']);
  });
});
