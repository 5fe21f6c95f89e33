/**
 * The folder a client starts a stdio server in, so a relative path in its args (`./data`) and an
 * `npx` that looks for the project's node_modules behave as they do for the user. Claude Code and
 * Codex start servers in the folder they themselves were started in (captured: docs/clients.md "How
 * a stdio server is started"), which for a project's config is its project folder, or the subfolder
 * of it that MCP Fleet runs in (Claude Code finds `.mcp.json` in parent folders, and then its
 * servers run in the subfolder). Codex's `cwd` is taken relative to that folder. Cursor and VS Code
 * start them in the workspace folder. User-level files (~/.claude.json's own servers, Claude
 * Desktop, ~/.cursor, ~/.codex) have no folder of their own: the project inspected, else the folder
 * MCP Fleet was started from.
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

function isInside(dir: string, folder: string): boolean {
  const relative = path.relative(folder, dir);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

/** Where a terminal client (Claude Code, Codex) would have been started for `folder`: MCP Fleet's own folder when that lies inside it. */
function terminalClientFolder(folder: string, runDir: string): string {
  return isInside(runDir, folder) ? runDir : folder;
}

/** The folder a client would start this stdio server in (absolute). */
export function workingDirOf(server: ServerConfig, ctx: WorkingDirContext): string {
  const { source } = server;
  const runDir = path.resolve(ctx.runDir);
  const project = (file: string) => (isProjectFile(file, source.format, ctx.homeDir, ctx.env) ? (projectFolderOfFile(file, source.format) ?? undefined) : undefined);
  let base: string;
  if (source.format === "cursor" || source.format === "vscode") {
    base = project(source.file) ?? (ctx.projectDir ? path.resolve(ctx.projectDir) : runDir);
  } else {
    const own = source.format === "claude-user" ? claudeUserProject(source.pointer) : source.format === "claude-code" || source.format === "codex" ? project(source.file) : undefined;
    const folder = own ?? ctx.projectDir;
    base = folder ? terminalClientFolder(path.resolve(folder), runDir) : runDir;
  }
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
