// Where each client starts a stdio server: the folder of the config that declares it, else the folder
// the client runs in (working-dir.ts). Paths only: nothing here touches the disk.
import { describe, expect, test } from "vitest";

import type { ConfigFormat, ServerConfig } from "./types";
import { withWorkingDirs, workingDirOf } from "./working-dir";

const ctx = { projectDir: "/code/app", runDir: "/somewhere/else", homeDir: "/home/u", env: { CODEX_HOME: "/opt/codex" } };

function server(format: ConfigFormat, file: string, fields: Partial<ServerConfig> = {}): ServerConfig {
  return { id: "s", transport: "stdio", command: "npx", enabled: true, source: { file, format }, ...fields };
}

describe("workingDirOf", () => {
  test.each<[string, ServerConfig, string]>([
    [".mcp.json: its folder, not the project being inspected", server("claude-code", "/code/other/.mcp.json"), "/code/other"],
    ["~/.claude.json local entry: the project it belongs to", server("claude-user", "/home/u/.claude.json", { source: { file: "/home/u/.claude.json", format: "claude-user", pointer: "/projects/~1code~1lib/mcpServers/s" } }), "/code/lib"],
    ["~/.claude.json user entry: the project inspected", server("claude-user", "/home/u/.claude.json", { source: { file: "/home/u/.claude.json", format: "claude-user", pointer: "/mcpServers/s" } }), "/code/app"],
    ["Claude Desktop: the project inspected", server("claude-desktop", "/home/u/.config/Claude/claude_desktop_config.json"), "/code/app"],
    [".cursor/mcp.json: the workspace folder", server("cursor", "/code/web/.cursor/mcp.json"), "/code/web"],
    ["~/.cursor/mcp.json: no folder of its own", server("cursor", "/home/u/.cursor/mcp.json"), "/code/app"],
    [".vscode/mcp.json with a relative cwd: inside the workspace", server("vscode", "/code/web/.vscode/mcp.json", { cwd: "tools" }), "/code/web/tools"],
    [".codex/config.toml: the project codex runs in", server("codex", "/code/api/.codex/config.toml"), "/code/api"],
    [".codex/config.toml with an absolute cwd", server("codex", "/code/api/.codex/config.toml", { cwd: "/srv/docs" }), "/srv/docs"],
    ["~/.codex/config.toml with a relative cwd: where codex runs", server("codex", "/home/u/.codex/config.toml", { cwd: "docs" }), "/code/app/docs"],
    ["$CODEX_HOME/config.toml: where codex runs", server("codex", "/opt/codex/config.toml"), "/code/app"],
  ])("%s", (_, config, expected) => {
    expect(workingDirOf(config, ctx)).toBe(expected);
  });

  test.each<[string, ServerConfig, string]>([
    [".mcp.json, run from a subfolder: Claude Code would start there (and find .mcp.json above it)", server("claude-code", "/code/app/.mcp.json"), "/code/app/src"],
    ["Codex project config with a relative cwd, run from a subfolder: relative to it", server("codex", "/code/app/.codex/config.toml", { cwd: "tools" }), "/code/app/src/tools"],
    ["a user entry, run from a subfolder of the project", server("claude-user", "/home/u/.claude.json", { source: { file: "/home/u/.claude.json", format: "claude-user", pointer: "/mcpServers/s" } }), "/code/app/src"],
    [".cursor/mcp.json: the workspace folder whatever the run folder", server("cursor", "/code/app/.cursor/mcp.json"), "/code/app"],
  ])("MCP Fleet run inside the project: %s", (_, config, expected) => {
    expect(workingDirOf(config, { ...ctx, runDir: "/code/app/src" })).toBe(expected);
  });

  test("with no project known, user-level servers start where MCP Fleet was started", () => {
    expect(workingDirOf(server("claude-desktop", "/home/u/claude_desktop_config.json"), { runDir: "/somewhere/else" })).toBe("/somewhere/else");
  });
});

test("withWorkingDirs fills stdio servers only; remote, broken, demo and dashboard-added entries are left as they are", () => {
  const servers: ServerConfig[] = [
    server("claude-code", "/code/app/.mcp.json"),
    { ...server("claude-code", "/code/app/.mcp.json"), id: "remote", transport: "http", command: undefined, url: "https://x.example/mcp" },
    { ...server("claude-code", "/code/app/.mcp.json"), id: "broken", invalid: "no command" },
    { ...server("demo", "/repo/lib/demo/servers/x.json"), id: "demo", cwd: "/repo" },
    { ...server("runtime", "(added in the dashboard)"), id: "added" },
  ];
  expect(withWorkingDirs(servers, ctx).map((s) => [s.id, s.cwd])).toEqual([
    ["s", "/code/app"],
    ["remote", undefined],
    ["broken", undefined],
    ["demo", "/repo"],
    ["added", undefined],
  ]);
});
