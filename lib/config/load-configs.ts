/**
 * Read the config files given with `--config` (repeatable) into one LoadedConfig: each file parsed
 * by its client's rules, a missing or broken file reported as a finding while the others load, and
 * an id defined in two files taken from the first.
 */
import "server-only";

import { readFile } from "node:fs/promises";
import { homedir } from "node:os";
import path from "node:path";

import type { Env } from "./expand";
import { detectFormat, parseConfigText, projectFolderOfFile } from "./parse-config";
import type { ConfigFinding, LoadedConfig, ServerConfig } from "./types";
import { withWorkingDirs } from "./working-dir";

export interface LoadConfigsOptions {
  env: Env;
  /** For `~` in paths, `${userHome}`, and telling user-level files from project files. Default: the user's home. */
  homeDir?: string;
  /**
   * The project whose `~/.claude.json` local entries to take (and Cursor's `${workspaceFolder}` for a
   * global file). Default: the project of the first project-level file given, if any.
   */
  projectDir?: string;
  /** false: from `~/.claude.json` take only the entry of `projectDir`, not the user-scope servers (what discovery finds). */
  userEntries?: boolean;
  /** The folder MCP Fleet was started from, where servers of user-level files start. Default: this process's. */
  runDir?: string;
}

function resolvePath(file: string, homeDir: string | undefined): string {
  if (homeDir && (file === "~" || file.startsWith("~/") || file.startsWith("~\\"))) return path.join(homeDir, file.slice(1));
  return path.resolve(file);
}

function describeReadError(error: unknown, file: string): { code: string; message: string } {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === "ENOENT") return { code: "config:missing-file", message: `config file not found: ${file}` };
  if (code === "EISDIR") return { code: "config:read", message: `${file} is a folder; pass the config file itself (.mcp.json, .cursor/mcp.json, config.toml, ...)` };
  if (code === "EACCES" || code === "EPERM") return { code: "config:read", message: `cannot read ${file}: permission denied` };
  return { code: "config:read", message: `cannot read ${file}: ${error instanceof Error ? error.message : String(error)}` };
}

/** Load several config files. Never throws for a bad file: every problem is a finding. */
export async function loadConfigs(paths: string[], options: LoadConfigsOptions): Promise<LoadedConfig> {
  const opts = { ...options, homeDir: options.homeDir ?? options.env.HOME ?? homedir() };
  const files = [...new Set(paths.map((file) => resolvePath(file, opts.homeDir)))];
  const projectDir =
    (opts.projectDir !== undefined ? path.resolve(opts.projectDir) : undefined) ??
    files.map((file) => projectFolderOfFile(file, detectFormat(file))).find((dir): dir is string => dir !== null);

  const texts = await Promise.all(
    files.map(async (file) => {
      try {
        return { file, text: await readFile(file, "utf8") };
      } catch (error) {
        return { file, error: describeReadError(error, file) };
      }
    }),
  );

  const servers: ServerConfig[] = [];
  const findings: ConfigFinding[] = [];
  const owners = new Map<string, ServerConfig>();
  for (const item of texts) {
    if ("error" in item && item.error) {
      findings.push({ severity: "error", code: item.error.code, message: item.error.message, file: item.file });
      continue;
    }
    const parsed = parseConfigText(item.text ?? "", { file: item.file, env: opts.env, homeDir: opts.homeDir, projectDir, userEntries: opts.userEntries });
    findings.push(...parsed.findings);
    for (const server of parsed.servers) {
      const owner = owners.get(server.id);
      if (owner) {
        findings.push({
          severity: "warning",
          code: "config:duplicate-id",
          message: `MCP server "${server.id}" is defined in ${place(owner)} and in ${place(server)}; the first file wins and this entry is ignored`,
          file: server.source.file,
          serverId: server.id,
          ...(server.source.line !== undefined ? { line: server.source.line, column: server.source.column } : {}),
        });
        continue;
      }
      owners.set(server.id, server);
      servers.push(server);
    }
  }
  // Each stdio server starts where its client would start it (working-dir.ts).
  const placed = withWorkingDirs(servers, { projectDir, runDir: opts.runDir ?? process.cwd(), homeDir: opts.homeDir, env: opts.env });
  return { servers: placed, findings, files, ...(projectDir !== undefined ? { projectDir } : {}) };
}

function place(server: ServerConfig): string {
  return server.source.line !== undefined ? `${server.source.file}:${server.source.line}` : server.source.file;
}
