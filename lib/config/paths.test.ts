import path from "node:path";

import { describe, expect, test } from "vitest";

import { dataDirOf, lockFileOf, projectDirOf } from "./paths";
import type { ConfigFormat, LoadedConfig } from "./types";

function loadedFrom(file: string | null, format: ConfigFormat = "claude-code", projectDir?: string): LoadedConfig {
  return {
    files: file === null ? [] : [file],
    servers: [{ id: "s", transport: "stdio", command: "x", enabled: true, source: { file: file ?? "(demo)", format } }],
    findings: [],
    ...(projectDir ? { projectDir } : {}),
  };
}

describe("config paths", () => {
  test.each([
    // primary config, format, project dir, data dir, lock file
    ["/work/app/.mcp.json", "claude-code", "/work/app", "/work/app/.mcp-fleet", "/work/app/mcp-fleet.lock.json"],
    ["/work/app/.cursor/mcp.json", "cursor", "/work/app", "/work/app/.cursor/.mcp-fleet", "/work/app/.cursor/mcp-fleet.lock.json"],
    ["/work/app/.vscode/mcp.json", "vscode", "/work/app", "/work/app/.vscode/.mcp-fleet", "/work/app/.vscode/mcp-fleet.lock.json"],
    ["/work/app/.codex/config.toml", "codex", "/work/app", "/work/app/.codex/.mcp-fleet", "/work/app/.codex/mcp-fleet.lock.json"],
    ["/home/u/.claude.json", "claude-user", null, "/home/u/.mcp-fleet", "/home/u/mcp-fleet.lock.json"],
    ["/home/u/fleet.toml", "codex", null, "/home/u/.mcp-fleet", "/home/u/mcp-fleet.lock.json"],
  ] as const)("%s", (file, format, project, data, lock) => {
    const loaded = loadedFrom(file, format);
    expect(projectDirOf(loaded)).toBe(project);
    expect(dataDirOf(loaded, {})).toBe(data);
    expect(lockFileOf(loaded)).toBe(lock);
  });

  test("~/.claude.json read for a project: that project holds the data folder and the lock, not the home folder", () => {
    const loaded = loadedFrom("/home/u/.claude.json", "claude-user", "/work/app");
    expect(projectDirOf(loaded)).toBe("/work/app");
    expect(dataDirOf(loaded, {})).toBe("/work/app/.mcp-fleet");
    expect(lockFileOf(loaded)).toBe("/work/app/mcp-fleet.lock.json");
  });

  test("MCP_FLEET_DATA wins over the folder beside the config", () => {
    expect(dataDirOf(loadedFrom("/work/app/.mcp.json"), { MCP_FLEET_DATA: "/var/fleet" })).toBe("/var/fleet");
  });

  test("the demo fleet keeps its data and lock under <repo>/.mcp-fleet/demo", () => {
    const demo = loadedFrom(null, "demo");
    expect(projectDirOf(demo)).toBeNull();
    expect(dataDirOf(demo, {})).toBe(path.join(process.cwd(), ".mcp-fleet", "demo"));
    expect(lockFileOf(demo)).toBe(path.join(process.cwd(), ".mcp-fleet", "demo", "mcp-fleet.lock.json"));
    expect(lockFileOf(demo, { MCP_FLEET_DATA: "/tmp/e2e-data" })).toBe("/tmp/e2e-data/mcp-fleet.lock.json");
  });

  test("the demo fleet run from another folder keeps its data in the MCP Fleet checkout (MCP_FLEET_ROOT)", () => {
    const demo = loadedFrom(null, "demo");
    expect(dataDirOf(demo, { MCP_FLEET_ROOT: "/opt/mcp-fleet" })).toBe("/opt/mcp-fleet/.mcp-fleet/demo");
    expect(lockFileOf(demo, { MCP_FLEET_ROOT: "/opt/mcp-fleet" })).toBe("/opt/mcp-fleet/.mcp-fleet/demo/mcp-fleet.lock.json");
  });
});
