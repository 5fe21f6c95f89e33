// The live page state over a real FleetManager and real stdio fixture servers: a list_changed from one
// server goes out as a `fleet` event naming only that server's changed tool, the browser's rule applied
// to the events keeps the index the page holds equal to a fresh one, and nothing is built while no
// page listens.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, test } from "vitest";
import { fixtureSpecPath, makeToolsFileServer, rawServerCommand, writeToolsFile } from "@/e2e/fixtures/fixture-servers";
import type { ServerConfig } from "@/lib/config/types";
import { FleetManager } from "@/lib/fleet/manager";
import { subscribeEvents, type FleetEvent } from "./event-bus";
import { unpackFleetIndex, type PackedFleetIndex } from "./index-wire";
import { LivePage } from "./live-page";
import { applyFleetChange, type FleetChange, type FleetIndex } from "./page-state";

const scratch = mkdtempSync(join(tmpdir(), "mcp-fleet-live-page-"));
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const tool = (name: string, description = `The ${name} tool.`) => ({ name, description, inputSchema: { type: "object", properties: { q: { type: "string" } } } });
const server = (id: string, command: { command: string; args: string[] }): ServerConfig => ({ id, transport: "stdio", enabled: true, source: { file: join(scratch, ".mcp.json"), format: "claude-code" }, ...command });

async function started() {
  const { specPath, toolsFile } = makeToolsFileServer(scratch, [tool("alpha"), tool("beta")]);
  const manager = new FleetManager({ timeoutMs: 15_000, debounceMs: 50 });
  cleanups.push(() => manager.close());
  const page = new LivePage(manager, () => ({ read: { claudeCode: [], codex: [] }, toolSearch: null }));
  cleanups.push(page.follow());
  await manager.start({ servers: [server("live", rawServerCommand(specPath)), server("basic", rawServerCommand(fixtureSpecPath("basic")))], findings: [], files: [] });
  return { manager, page, toolsFile };
}

function listen() {
  const events: FleetChange[] = [];
  const stop = subscribeEvents((event: FleetEvent) => {
    if (event.type === "fleet") events.push(event.data as FleetChange);
  });
  cleanups.push(stop);
  return events;
}

describe("LivePage", () => {
  test("one server's list_changed is one event with that tool only, and the events keep a page's index current", { timeout: 60_000 }, async () => {
    const { page, toolsFile } = await started();
    const events = listen();
    let held = JSON.parse(page.indexJson()) as FleetIndex;
    expect(unpackFleetIndex(JSON.parse(page.indexPackedJson()) as PackedFleetIndex)).toEqual(held);
    expect(held.tools.map((t) => t.key).sort()).toEqual(["basic:echo", "basic:lookup_record", "live:alpha", "live:beta"]);

    writeToolsFile(toolsFile, [tool("alpha", "Changed."), tool("beta"), tool("gamma")]);
    await expect.poll(() => events.some((e) => e.tools?.changed.some((t) => t.key === "live:gamma")), { timeout: 20_000 }).toBe(true);
    const change = events.find((e) => e.tools?.changed.some((t) => t.key === "live:gamma"))!;
    expect(change.tools!.changed.map((t) => t.key).sort()).toEqual(["live:alpha", "live:gamma"]);
    expect(change.tools!.removed).toEqual([]);
    // The basic server did not change: it is not in the event.
    expect(change.servers?.changed.map((s) => s.id) ?? []).not.toContain("basic");

    for (const event of events) {
      const outcome = applyFleetChange(held, event);
      if (outcome.kind === "applied") held = outcome.index;
      expect(outcome.kind).not.toBe("fetch");
    }
    const fresh = JSON.parse(page.indexJson()) as FleetIndex;
    expect(held.version).toBe(fresh.version);
    expect(held).toEqual(fresh);
    // The pages' packed form of the same state, before and after the change (entries kept from the
    // version before are packed texts kept too), unpacks to the very text of the index.
    expect(JSON.stringify(unpackFleetIndex(JSON.parse(page.indexPackedJson()) as PackedFleetIndex))).toBe(page.indexJson());
  });

  test("while no page listens nothing is sent; the first event a listener gets names the version only", { timeout: 60_000 }, async () => {
    const { manager, toolsFile } = await started();
    writeToolsFile(toolsFile, [tool("alpha"), tool("delta")]);
    await expect.poll(() => manager.getState().snapshot.tools.some((t) => t.originalName === "delta"), { timeout: 20_000 }).toBe(true);
    const events = listen();
    writeToolsFile(toolsFile, [tool("alpha"), tool("epsilon")]);
    await expect.poll(() => events.length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(events[0]).toEqual({ epoch: expect.any(String), version: expect.any(Number), base: null, generatedAt: expect.any(String) });
  });

  test("a tool's detail comes from the current state; the n-th of a name, or null", { timeout: 60_000 }, async () => {
    const { page } = await started();
    const detail = page.detail("live", "beta")!;
    expect(detail.key).toBe("live:beta");
    expect(detail.clients["claude-code"].verdict?.sent?.name).toBe("mcp__live__beta");
    expect(page.detail("live", "beta", 2)).toBeNull();
    expect(page.detail("nope", "beta")).toBeNull();
  });
});
