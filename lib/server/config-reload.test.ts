// A config file edited while the dashboard runs (config-reload.ts): real .mcp.json on disk, real
// fixture servers. Applied server by server, told in one notice; a broken save loses nothing.
import { mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, expect, test } from "vitest";
import { fixtureSpecPath, rawServerCommand } from "@/e2e/fixtures/fixture-servers";
import { loadConfigs } from "@/lib/config";
import { FleetManager } from "@/lib/fleet/manager";
import { followConfigFiles, type ConfigFollower } from "./config-reload";

const dir = mkdtempSync(join(tmpdir(), "mcp-fleet-reload-"));
const file = join(dir, ".mcp.json");
const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** As an editor saves: a temp file renamed over the config. */
function save(text: string): void {
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
}
const entry = (fixture: "basic" | "three-pages", env?: Record<string, string>) => ({ ...rawServerCommand(fixtureSpecPath(fixture)), ...(env ? { env } : {}) });

test("added, removed and changed servers are applied and told; a broken save keeps the last good servers", { timeout: 60_000 }, async () => {
  save(JSON.stringify({ mcpServers: { keep: entry("basic"), drop: entry("basic"), edit: entry("basic") } }, null, 2));
  const options = { env: process.env, runDir: dir };
  const loaded = await loadConfigs([file], options);
  const manager = new FleetManager({ timeoutMs: 15_000 });
  cleanups.push(() => manager.close());
  await manager.start(loaded);
  await manager.register({ id: "mine", transport: "stdio", enabled: true, source: { file: "(added in the dashboard)", format: "runtime" }, ...entry("basic") });
  const follower: ConfigFollower = followConfigFiles(manager, loaded, [file], options, { intervalMs: 100, settleMs: 100 });
  cleanups.push(() => follower.stop());
  // Every server here is a stdio child, so pids and servers line up.
  const pidOf = (id: string) => manager.childPids()[manager.getState().servers.findIndex((s) => s.id === id)];
  const keepBefore = pidOf("keep");

  // `drop` goes, `edit` gets an env var (a restart), `fresh` comes; moving `keep` down a line is not a change.
  save(JSON.stringify({ mcpServers: { edit: entry("basic", { LOG_LEVEL: "debug" }), fresh: entry("three-pages"), keep: entry("basic") } }, null, 2));
  await expect.poll(() => manager.getState().notices.map((n) => n.code), { timeout: 10_000 }).toEqual(["config:reloaded"]);
  await manager.whenSettled();
  const state = manager.getState();
  expect(state.notices[0]).toMatchObject({
    tone: "good",
    file,
    message: `${dir.split("/").at(-1)}/.mcp.json changed on disk: added "fresh"; removed "drop"; restarted "edit" (its entry changed).`,
  });
  expect(state.servers.map((s) => [s.id, s.status])).toEqual([
    ["keep", "ready"],
    ["edit", "ready"],
    ["mine", "ready"],
    ["fresh", "ready"],
  ]);
  expect(pidOf("keep")).toBe(keepBefore);

  // Half a save: not JSON. Nothing is stopped; the notice names the place.
  save('{ "mcpServers": { "keep": ');
  await expect.poll(() => manager.getState().notices.length, { timeout: 10_000 }).toBe(2);
  const broken = manager.getState().notices[1];
  expect(broken.tone).toBe("bad");
  expect(broken.message).toMatch(new RegExp(`^.*\\.mcp\\.json changed on disk: no server changed\\. ${file.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}:1:\\d+: not valid JSON: .*; its servers stay as they were until it reads again\\.$`));
  expect(manager.getState().servers.map((s) => s.id)).toEqual(["keep", "edit", "mine", "fresh"]);
  expect(manager.getState().findings.map((f) => f.code)).toEqual(["config:parse"]);
});
