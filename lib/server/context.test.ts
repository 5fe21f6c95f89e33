// The server's live fleet, with real fixture MCP servers over stdio: created once and lazily from the
// launcher's env, answering while servers still connect, changes published as `fleet` events.
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { fixtureSpecPath, rawServerCommand } from "@/e2e/fixtures/fixture-servers";
import { FleetError } from "@/lib/errors";
import type { FleetChange, FleetIndex } from "./page-state";

import { configPathsFromEnv, getFleetContext, timeoutFromEnv } from "./context";
import { subscribeEvents, type FleetEvent } from "./event-bus";

const SHUTDOWN = Symbol.for("mcp-fleet.shutdown");
let dir: string;

beforeAll(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), "mcp-fleet-context-")));
  writeFileSync(join(dir, ".mcp.json"), JSON.stringify({ mcpServers: { basic: rawServerCommand(fixtureSpecPath("basic")) } }));
});

afterAll(async () => {
  const close = (globalThis as { [SHUTDOWN]?: () => Promise<void> })[SHUTDOWN];
  await close?.();
  rmSync(dir, { recursive: true, force: true });
});

describe("env from the launcher", () => {
  test.each([
    [undefined, []],
    ["[]", []],
    ['["/a/.mcp.json","/b/config.toml"]', ["/a/.mcp.json", "/b/config.toml"]],
  ])("MCP_FLEET_CONFIG %j -> %j", (raw, paths) => {
    expect(configPathsFromEnv({ MCP_FLEET_CONFIG: raw })).toEqual(paths);
  });

  test.each(["/a/.mcp.json", "[1]", '{"a":1}'])("MCP_FLEET_CONFIG %j is refused", (raw) => {
    expect(() => configPathsFromEnv({ MCP_FLEET_CONFIG: raw })).toThrow(FleetError);
  });

  test.each([
    [undefined, undefined],
    ["5000", 5000],
    ["0", undefined],
    ["-3", undefined],
    ["soon", undefined],
  ])("MCP_FLEET_TIMEOUT %j -> %j", (raw, timeout) => {
    expect(timeoutFromEnv({ MCP_FLEET_TIMEOUT: raw })).toBe(timeout);
  });
});

describe("getFleetContext", () => {
  test("refuses to start a fleet unless the launcher's gate is in front", async () => {
    delete process.env.MCP_FLEET_GUARDED;
    await expect(getFleetContext()).rejects.toMatchObject({ code: "unavailable:server" });
  });

  test("starts the configured fleet once, answers while it connects, and publishes what changed", async () => {
    process.env.MCP_FLEET_GUARDED = "1";
    process.env.MCP_FLEET_CONFIG = JSON.stringify([join(dir, ".mcp.json")]);
    process.env.MCP_FLEET_TIMEOUT = "10000";
    delete process.env.MCP_FLEET_DATA;
    const seen: FleetEvent[] = [];
    const stop = subscribeEvents((event) => seen.push(event));

    const [first, second] = await Promise.all([getFleetContext(), getFleetContext()]);
    expect(second).toBe(first);
    expect(first.demo).toBe(false);
    expect(first.loaded.files).toEqual([join(dir, ".mcp.json")]);
    expect(first.projectDir).toBe(dir);
    expect(first.dataDir).toBe(join(dir, ".mcp-fleet"));
    expect(first.lockFile).toBe(join(dir, "mcp-fleet.lock.json"));
    // Not awaited: the first answer shows the server still connecting.
    expect(first.manager.getState().servers.map((server) => [server.id, server.status])).toEqual([["basic", "connecting"]]);

    // `fleet` events carry what changed: the server turning ready is one of them.
    await expect
      .poll(
        () => seen.filter((event) => event.type === "fleet").flatMap((event) => (event.data as FleetChange).servers?.changed.map((server) => server.status) ?? []),
        { timeout: 15_000 },
      )
      .toContain("ready");
    const index = JSON.parse(first.page.indexJson()) as FleetIndex;
    expect(index.servers.map((server) => [server.id, server.status])).toEqual([["basic", "ready"]]);
    expect(index.tools.map((tool) => tool.key).sort()).toEqual(["basic:echo", "basic:lookup_record"]);
    expect(await getFleetContext()).toBe(first);
    stop();
  });
});
