/**
 * The fixture fleets on disk and the static tables of load-fleet.ts agree, every fleet resolves, and
 * every fleet has a committed capture for each client it names (the captures are the ground truth the
 * client views are compared with).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { FLEET_FILES, FLEET_NAMES, loadFleet, SPECS } from "./load-fleet";

const repo = fileURLToPath(new URL("../../..", import.meta.url));
const here = join(repo, "lib", "clients", "__fixtures__");
const CAPTURE_DIRS = { "claude-code": "claude-code@2.1.328", codex: "codex@0.169.0" } as const;

test("every fleet file on disk is registered", () => {
  const onDisk = readdirSync(join(here, "fleets"))
    .filter((name) => name.endsWith(".json"))
    .map((name) => name.slice(0, -".json".length))
    .sort();
  expect([...FLEET_NAMES]).toEqual(onDisk);
});

test("every spec under servers/ is registered, and every registered spec is the file's content", () => {
  const onDisk = readdirSync(join(here, "servers")).filter((name) => name.endsWith(".json") && name !== "probe.json");
  for (const name of onDisk) expect(Object.keys(SPECS)).toContain(`lib/clients/__fixtures__/servers/${name}`);
  for (const [path, spec] of Object.entries(SPECS)) expect(spec).toEqual(JSON.parse(readFileSync(join(repo, path), "utf8")));
});

describe.each(FLEET_NAMES.map((name) => [name]))("fleet %s", (name) => {
  const fleet = loadFleet(name);

  test("server ids are unique and every spec is registered", () => {
    expect(new Set(fleet.servers.map((server) => server.id)).size).toBe(fleet.servers.length);
    for (const server of FLEET_FILES[name].servers) expect(SPECS[server.spec]).toBeDefined();
  });

  test("tools are the pages concatenated in order", () => {
    for (const server of fleet.servers) expect(server.tools).toEqual(server.pages.flat());
  });

  test.each(fleet.clients.map((client) => [client]))("has a committed %s capture of this fleet", (client) => {
    const path = join(repo, "lib", "clients", "__captures__", CAPTURE_DIRS[client], `${name}.json`);
    expect(existsSync(path)).toBe(true);
    const capture = JSON.parse(readFileSync(path, "utf8"));
    expect({ client: capture.client, fleet: capture.fleet }).toEqual({ client, fleet: name });
  });
});

test("the demo fleet reads the demo's own specs under their real ids, initial lists only", () => {
  const demo = loadFleet("demo");
  expect(demo.servers.map((server) => [server.id, server.label])).toEqual([
    ["tracker", "Linear"],
    ["githost", "GitHub"],
    ["chat", "Slack"],
    ["wiki", "Notion"],
    ["docs", "Context7"],
    ["web", "Brave Search"],
  ]);
  const tracker = demo.servers[0];
  const createIssue = tracker.tools.find((tool) => tool.name === "create_issue") as { inputSchema: { properties: Record<string, unknown> } };
  expect(Object.keys(createIssue.inputSchema.properties)).not.toContain("dueDate");
  expect(demo.servers[1].pages.length).toBe(3);
});

test("a failing server has no tools, and says how it fails", () => {
  const faults = loadFleet("faults");
  expect(faults.servers.map((server) => [server.id, server.fault, server.tools.length])).toEqual([
    ["healthy", null, 1],
    ["exits", "exit-at-start", 0],
    ["hangs", "hang", 0],
    ["garbage", "garbage", 0],
    ["slow", null, 1],
  ]);
});

test("an unknown fleet is an error naming the known ones", () => {
  expect(() => loadFleet("nope")).toThrow(/no fixture fleet "nope" \(known: .*demo/);
});
