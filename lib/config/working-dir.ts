/**
 * The folder a client starts a stdio server in, so a relative path in its args (`./data`) and an
 * `npx` that looks for the project's node_modules behave as they do for the user: Claude Code runs
 * servers in the project folder (the one holding `.mcp.json`, or the project of a `~/.claude.json`
 * local entry); Codex honours `cwd` (relative to where it runs) and else runs them where it runs;
 * Cursor and VS Code run them in the workspace folder. User-level files (~/.claude.json's own
 * servers, Claude Desktop, ~/.cursor, ~/.codex) have no folder of their own: the folder the client
 * runs in, which for MCP Fleet is the project being inspected or the folder it was started from.
 */
import "server-only";

import path from "node:path";

import type { Env } from "./expand";
import { isProjectFile, projectFolderOfFile } from "./parse-config";
import type { ServerConfig } from "./types";

export interface WorkingDirContext {
  /** The project the fleet is about (the primary config's project), when known. */
  projectDir?: string;
  /** The folder MCP Fleet was started from: a client started there would run its servers there. */
  runDir: string;
  /** To tell ~/.cursor/mcp.json and ~/.codex/config.toml (no folder of their own) from project files. */
  homeDir?: string;
  env?: Env;
}

/** The `~/.claude.json` project a local entry belongs to, from its pointer `/projects/<dir>/mcpServers/<id>`. */
function claudeUserProject(pointer: string | undefined): string | undefined {
  const match = /^\/projects\/(.+)\/mcpServers\/[^/]+$/.exec(pointer ?? "");
  return match ? match[1].replace(/~1/g, "/").replace(/~0/g, "~") : undefined;
}

/** The folder a client would start this stdio server in (absolute). */
export function workingDirOf(server: ServerConfig, ctx: WorkingDirContext): string {
  const { source } = server;
  const ownFolder =
    (source.format === "claude-user" ? claudeUserProject(source.pointer) : undefined) ??
    (["claude-code", "cursor", "vscode", "codex"].includes(source.format) && isProjectFile(source.file, source.format, ctx.homeDir, ctx.env)
      ? (projectFolderOfFile(source.file, source.format) ?? undefined)
      : undefined);
  const base = path.resolve(ownFolder ?? ctx.projectDir ?? ctx.runDir);
  return server.cwd ? path.resolve(base, server.cwd) : base;
}

/** Every startable stdio server with its working folder filled in (other servers unchanged). */
export function withWorkingDirs(servers: ServerConfig[], ctx: WorkingDirContext): ServerConfig[] {
  return servers.map((server) =>
    server.transport === "stdio" && !server.invalid && server.source.format !== "demo" && server.source.format !== "runtime"
      ? { ...server, cwd: workingDirOf(server, ctx) }
      : server,
  );
}
