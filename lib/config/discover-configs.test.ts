import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, beforeEach, describe, expect, test } from "vitest";

import { describeDiscovery, discoverConfigs } from "./discover-configs";
import { loadConfigs } from "./load-configs";

let root: string;
let project: string;
let home: string;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "mcp-fleet-discover-"));
  project = path.join(root, "project");
  home = path.join(root, "home");
  mkdirSync(project);
  mkdirSync(home);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function write(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, typeof value === "string" ? value : JSON.stringify(value, null, 2));
}

const CODEX = '[mcp_servers.one]\ncommand = "node"\n';

describe("each kind of project config is found on its own", () => {
  test.each([
    [".mcp.json", { mcpServers: { one: { command: "node" } } }],
    [".cursor/mcp.json", { mcpServers: { one: { command: "node" } } }],
    [".vscode/mcp.json", { servers: { one: { command: "node" } } }],
    [".codex/config.toml", CODEX],
  ])("%s", (name, content) => {
    write(path.join(project, name), content);
    const found = discoverConfigs(project, { homeDir: home });
    expect(found.files).toEqual([path.join(project, name)]);
    expect(found.problems).toEqual([]);
    expect(describeDiscovery(found, { homeDir: home })).toBe(`reading ${name} in ${project}`);
  });
});

test("every kind at once: project files in a fixed order, ~/.claude.json last", () => {
  write(path.join(project, ".codex/config.toml"), CODEX);
  write(path.join(project, ".vscode/mcp.json"), { servers: {} });
  write(path.join(project, ".cursor/mcp.json"), { mcpServers: {} });
  write(path.join(project, ".mcp.json"), { mcpServers: {} });
  write(path.join(home, ".claude.json"), { projects: { [project]: { mcpServers: { local: { command: "node" } } } } });
  const found = discoverConfigs(project, { homeDir: home });
  expect(found.files.map((file) => path.relative(root, file))).toEqual([
    "project/.mcp.json",
    "project/.cursor/mcp.json",
    "project/.vscode/mcp.json",
    "project/.codex/config.toml",
    "home/.claude.json",
  ]);
  expect(describeDiscovery(found, { homeDir: home })).toBe(
    `reading .mcp.json, .cursor/mcp.json, .vscode/mcp.json, .codex/config.toml, ~/.claude.json (its entry for this folder) in ${project}`,
  );
});

describe("~/.claude.json counts only when it has servers for this very folder", () => {
  test.each([
    ["an entry with servers", () => ({ projects: { [project]: { mcpServers: { a: { command: "node" } } } } }), true],
    ["the same folder written with a trailing slash", () => ({ projects: { [`${project}/`]: { mcpServers: { a: { command: "node" } } } } }), true],
    ["an entry with no servers (Claude Code writes one for every folder opened)", () => ({ projects: { [project]: { mcpServers: {} } } }), false],
    ["only another project's entry", () => ({ projects: { [root]: { mcpServers: { a: { command: "node" } } } } }), false],
    ["only user-scope servers", () => ({ mcpServers: { a: { command: "node" } } }), false],
  ])("%s", (_label, content, included) => {
    write(path.join(home, ".claude.json"), content());
    expect(discoverConfigs(project, { homeDir: home }).files).toEqual(included ? [path.join(home, ".claude.json")] : []);
  });

  test("a ~/.claude.json that is not JSON is said, and the project files still count", () => {
    write(path.join(home, ".claude.json"), "{ not json");
    write(path.join(project, ".mcp.json"), { mcpServers: {} });
    const found = discoverConfigs(project, { homeDir: home });
    expect(found.files).toEqual([path.join(project, ".mcp.json")]);
    expect(found.problems).toEqual([
      `${path.join(home, ".claude.json")} is not valid JSON; its entry for this folder was not looked for (pass --config ${path.join(home, ".claude.json")} to see where it breaks)`,
    ]);
  });
});

test("a folder named like a config is not a config; nothing found says so and names the demo fleet", () => {
  mkdirSync(path.join(project, ".mcp.json"));
  const found = discoverConfigs(project, { homeDir: home });
  expect(found.files).toEqual([]);
  expect(describeDiscovery(found, { homeDir: home })).toBe(
    `no MCP config in ${project} (.mcp.json, .cursor/mcp.json, .vscode/mcp.json, .codex/config.toml, or an entry for it in ~/.claude.json): running the demo fleet; pass --config FILE to choose one`,
  );
});

test("loaded as found: the project's entry in ~/.claude.json, without the user-scope servers", async () => {
  write(path.join(project, ".mcp.json"), { mcpServers: { shared: { command: "from-project" } } });
  write(path.join(home, ".claude.json"), {
    mcpServers: { personal: { command: "user-scope" } },
    projects: { [project]: { mcpServers: { local: { command: "local-scope" } } }, [root]: { mcpServers: { other: { command: "x" } } } },
  });
  const found = discoverConfigs(project, { homeDir: home });
  const loaded = await loadConfigs(found.files, { env: {}, homeDir: home, ...found.load });
  expect(loaded.servers.map((server) => [server.id, server.command])).toEqual([
    ["shared", "from-project"],
    ["local", "local-scope"],
  ]);
  expect(loaded.findings).toEqual([]);
  expect(loaded.projectDir).toBe(project);
});
