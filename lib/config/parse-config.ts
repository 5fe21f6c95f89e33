/**
 * One config file's text to servers and findings: detect the client format from the path and
 * content, parse JSON / JSONC / TOML with positioned errors, read each entry as that client does.
 * No file access: `loadConfigs` feeds it the text.
 */
import "server-only";

import path from "node:path";

import { parseJsonText, type TextPosition } from "@/lib/json/json-text";
import { pointer, pointerTokens } from "@/lib/json/pointer";
import { isPlainObject } from "@/lib/json/values";

import { parseCodexConfig } from "./codex";
import { normalizeJsonEntry, type EntryContext } from "./entry";
import type { EditorVariables, Env } from "./expand";
import type { ConfigFinding, ConfigFormat, ConfigSource, ServerConfig } from "./types";

export interface ParseConfigOptions {
  file: string;
  env: Env;
  /** Forces the format instead of detecting it. */
  format?: ConfigFormat;
  homeDir?: string;
  /** The project whose `~/.claude.json` entries to take, and Cursor's `${workspaceFolder}` for a global file. */
  projectDir?: string;
  /** false: from `~/.claude.json` take only the project's own entry, not the user-scope servers. Default true. */
  userEntries?: boolean;
}

export interface ParsedConfig {
  format: ConfigFormat;
  servers: ServerConfig[];
  findings: ConfigFinding[];
}

type FileFormat = Exclude<ConfigFormat, "demo" | "runtime">;

/** The client a config file belongs to, from its name and folder first, then from its content. */
export function detectFormat(file: string, text = ""): FileFormat {
  const normalized = file.replace(/\\/g, "/");
  const base = path.posix.basename(normalized);
  const parent = path.posix.basename(path.posix.dirname(normalized));
  if (base === "claude_desktop_config.json") return "claude-desktop";
  if (base === ".claude.json") return "claude-user";
  if (base === ".mcp.json") return "claude-code";
  if (/\.toml$/i.test(base)) return "codex";
  if (base === "mcp.json" && parent === ".cursor") return "cursor";
  if (base === "mcp.json" && (parent === ".vscode" || /\/Code( - Insiders)?\/User\//.test(normalized))) return "vscode";
  const head = text.replace(/^\uFEFF/, "").trimStart();
  if (head !== "" && !head.startsWith("{")) return "codex";
  if (/"mcpServers"\s*:/.test(text)) return /"projects"\s*:\s*\{/.test(text) ? "claude-user" : "claude-code";
  if (/"servers"\s*:/.test(text)) return "vscode";
  if (/"projects"\s*:/.test(text)) return "claude-user";
  return "claude-code";
}

/**
 * Whether a file lives in a project (and so in git), where literal secrets are linted. User-level
 * files (~/.claude.json, Claude Desktop, ~/.cursor/mcp.json, ~/.codex/config.toml, VS Code's user
 * profile) are not.
 */
export function isProjectFile(file: string, format: ConfigFormat, homeDir?: string, env: Env = {}): boolean {
  if (format === "claude-user" || format === "claude-desktop" || format === "demo" || format === "runtime") return false;
  const resolved = path.resolve(file);
  if (format === "vscode" && /[\\/]Code( - Insiders)?[\\/]User[\\/]/.test(resolved)) return false;
  const userDirs: string[] = [];
  if (homeDir) userDirs.push(path.join(homeDir, ".cursor"), path.join(homeDir, ".codex"));
  // Only compared, never read; without the comment Turbopack takes a path built from a variable for file access and traces the whole project into the build.
  if (env.CODEX_HOME) userDirs.push(path.resolve(/* turbopackIgnore: true */ env.CODEX_HOME));
  return !userDirs.includes(path.dirname(resolved));
}

/** The folder a project-level file belongs to: the parent of `.cursor/`, `.vscode/`, `.codex/`, or the folder of `.mcp.json`. */
export function projectFolderOfFile(file: string, format: ConfigFormat): string | null {
  const resolved = path.resolve(file);
  const dir = path.dirname(resolved);
  if (format === "claude-code") return dir;
  if (["cursor", "vscode", "codex"].includes(format) && [".cursor", ".vscode", ".codex"].includes(path.basename(dir))) return path.dirname(dir);
  return null;
}

/** Parse one config file's text. Never throws: a broken file is one `config:parse` finding. */
export function parseConfigText(text: string, opts: ParseConfigOptions): ParsedConfig {
  const format = opts.format ?? detectFormat(opts.file, text);
  const projectFile = isProjectFile(opts.file, format, opts.homeDir, opts.env);
  if (format === "codex") {
    return { format, ...parseCodexConfig(text, { file: opts.file, env: opts.env, projectFile }) };
  }

  const parsed = parseJsonText(text, { comments: format === "vscode" });
  if (!parsed.ok) {
    const { message, line, column } = parsed.error;
    return {
      format,
      servers: [],
      findings: [
        {
          severity: "error",
          code: "config:parse",
          message: `not valid JSON: ${message} (line ${line}, column ${column})`,
          file: opts.file,
          line,
          column,
        },
      ],
    };
  }
  const locate = (at: string) => parsed.positionOf(pointerTokens(at));
  const findings: ConfigFinding[] = [];
  const fileFinding = (severity: ConfigFinding["severity"], code: string, message: string, at?: TextPosition, serverId?: string) =>
    findings.push({
      severity,
      code,
      message,
      file: opts.file,
      ...(at ? { line: at.line, column: at.column } : {}),
      ...(serverId !== undefined ? { serverId } : {}),
    });
  const root = parsed.value;
  if (!isPlainObject(root)) {
    fileFinding("error", "config:shape", "the file must hold a JSON object", { line: 1, column: 1 });
    return { format, servers: [], findings };
  }

  let editor: EditorVariables | undefined;
  if (format === "cursor" || format === "vscode") {
    editor = {
      env: opts.env,
      userHome: opts.homeDir,
      workspaceFolder: projectFolderOfFile(opts.file, format) ?? opts.projectDir,
      pathSeparator: path.sep,
    };
  }

  // Every (pointer, id, entry) the format holds, in the order that decides who wins a shared id.
  const groups: { pointer: string; label: string; entries: unknown }[] = [];
  const serversKey = format === "vscode" ? "servers" : "mcpServers";
  if (format === "claude-user") {
    const projects = isPlainObject(root.projects) ? root.projects : {};
    const wanted = opts.projectDir ? path.resolve(opts.projectDir) : undefined;
    const projectGroups = Object.keys(projects)
      .filter((dir) => wanted === undefined || path.resolve(dir) === wanted)
      .sort()
      .map((dir) => ({
        pointer: pointer("/projects", dir, "mcpServers"),
        label: `the local entry of project ${dir}`,
        entries: isPlainObject(projects[dir]) ? (projects[dir] as Record<string, unknown>).mcpServers : undefined,
      }));
    const user = { pointer: "/mcpServers", label: "the user entry (top-level mcpServers)", entries: root.mcpServers };
    // Claude Code: local scope beats user scope inside the project. With no project, the user entries
    // (which apply everywhere) come first, then each project's in path order.
    if (wanted) groups.push(...projectGroups, ...(opts.userEntries === false ? [] : [user]));
    else groups.push(user, ...projectGroups);
  } else {
    groups.push({ pointer: `/${serversKey}`, label: `/${serversKey}`, entries: root[serversKey] });
  }

  const servers: ServerConfig[] = [];
  const winners = new Map<string, { label: string; at?: TextPosition }>();
  let sawServers = false;
  for (const group of groups) {
    if (group.entries === undefined) continue;
    if (!isPlainObject(group.entries)) {
      fileFinding("error", "config:shape", `${group.pointer.replace(/^\//, "")} must be an object of servers`, locate(group.pointer));
      continue;
    }
    sawServers = true;
    for (const [id, entry] of Object.entries(group.entries)) {
      const entryPointer = pointer(group.pointer, id);
      const at = locate(entryPointer);
      const previous = winners.get(id);
      if (previous) {
        fileFinding(
          "warning",
          "config:duplicate-id",
          `MCP server "${id}" is defined twice in this file; ${previous.label}${previous.at ? ` (line ${previous.at.line})` : ""} wins over ${group.label}${at ? ` (line ${at.line})` : ""}`,
          at,
          id,
        );
        continue;
      }
      const source: ConfigSource = { file: opts.file, format, pointer: entryPointer, ...(at ? { line: at.line, column: at.column } : {}) };
      const ctx: EntryContext = { source, env: opts.env, projectFile, editor, locate };
      const result = normalizeJsonEntry(id, entry, ctx);
      findings.push(...result.findings);
      if (result.server) {
        servers.push(result.server);
        winners.set(id, { label: group.label, at });
      }
    }
  }
  if (!sawServers) {
    fileFinding("warning", "config:no-servers", `no "${serversKey}" object in this file`, { line: 1, column: 1 });
  }
  return { format, servers, findings };
}
