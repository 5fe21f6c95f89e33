// The server's live fleet and its event stream, with real fixture MCP servers over stdio: created once
// and lazily from the launcher's env, answering while servers still connect, states published as
// `fleet` events, and an SSE subscription that ends when its client goes.
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { GET as events } from "@/app/api/events/route";
import { fixtureSpecPath, rawServerCommand } from "@/e2e/fixtures/fixture-servers";
import { FleetError } from "@/lib/errors";
import type { FleetState } from "@/lib/fleet/types";

import { configPathsFromEnv, getFleetContext, timeoutFromEnv } from "./context";
import { subscribeEvents, subscriberCount, type FleetEvent } from "./event-bus";

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

  test("starts the configured fleet once, answers while it connects, and publishes its states", async () => {
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

    await expect
      .poll(
        () => seen.filter((event) => event.type === "fleet").map((event) => (event.data as FleetState).servers[0]?.status),
        { timeout: 15_000 },
      )
      .toContain("ready");
    expect(await getFleetContext()).toBe(first);
    stop();
  });
});

describe("GET /api/events", () => {
  test("sends the current fleet state first, then bus events, and unsubscribes when the client goes", async () => {
    const before = subscriberCount();
    const client = new AbortController();
    const response = await events(new Request("http://127.0.0.1/api/events", { signal: client.signal }), undefined);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(subscriberCount()).toBe(before + 1);

    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    while (!text.includes("event: fleet\n")) text += (await reader.read()).value ?? "";
    const { publishEvent } = await import("./event-bus");
    publishEvent("history", { note: "line\nbreak" });
    while (!text.includes("event: history\n")) text += (await reader.read()).value ?? "";

    const blocks = text.split("\n\n").filter((block) => block.startsWith("event: "));
    expect(blocks[0]).toMatch(/^event: fleet\ndata: \{.*"basic".*\}$/);
    expect(blocks.at(-1)).toBe('event: history\ndata: {"note":"line\\nbreak"}');

    client.abort();
    await expect.poll(() => subscriberCount()).toBe(before);
  });

  test("a client that stops reading is dropped before its queue holds more than a bounded amount", async () => {
    const before = subscriberCount();
    const response = await events(new Request("http://127.0.0.1/api/events"), undefined);
    expect(subscriberCount()).toBe(before + 1);
    const { publishEvent } = await import("./event-bus");
    const big = "x".repeat(1024 * 1024);
    // Nobody reads response.body: without a bound every one of these would stay queued.
    for (let i = 0; i < 40 && subscriberCount() > before; i++) publishEvent("history", { big });
    expect(subscriberCount()).toBe(before);
    await expect(response.body!.getReader().read()).rejects.toThrow(/stopped reading/);
  });
});
