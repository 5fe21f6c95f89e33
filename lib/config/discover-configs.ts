/**
 * The configs a project keeps, found in its folder when no `--config` is given (the `mcp-fleet` bin and
 * the dashboard launcher share this): `.mcp.json`, `.cursor/mcp.json`, `.vscode/mcp.json`,
 * `.codex/config.toml`, and the project's own entry in `~/.claude.json` (never the user-scope servers,
 * which belong to the user, not the project). Project files come first, so the primary config is one.
 */
import "server-only";

import { readFileSync, statSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

import { isPlainObject } from "@/lib/json/values";

/** The project-level files, in the order they are read (the first found is the primary config). */
export const PROJECT_CONFIG_FILES = [".mcp.json", ".cursor/mcp.json", ".vscode/mcp.json", ".codex/config.toml"] as const;

export interface DiscoveredConfigs {
  /** The folder searched, absolute. */
  projectDir: string;
  /** The files found, absolute: project files in PROJECT_CONFIG_FILES order, then `~/.claude.json`. */
  files: string[];
  /** What loadConfigs needs to read them as found: `~/.claude.json` for this project only. */
  load: { projectDir: string; userEntries: false };
  /** Files that could not be searched (a `~/.claude.json` that is not JSON), one sentence each. */
  problems: string[];
}

function isFile(file: string): boolean {
  try {
    return !statSync(file).isDirectory();
  } catch {
    return false;
  }
}

/** Whether `~/.claude.json` holds servers for `dir` (`projects["<dir>"].mcpServers`, not empty); a problem in words when it cannot be read. */
function claudeProjectEntry(file: string, dir: string): { found: boolean; problem?: string } {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOENT" ? { found: false } : { found: false, problem: `${file} cannot be read (${code ?? String(error)}); its entry for this folder was not looked for` };
  }
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch {
    return { found: false, problem: `${file} is not valid JSON; its entry for this folder was not looked for (pass --config ${file} to see where it breaks)` };
  }
  const projects = isPlainObject(root) && isPlainObject(root.projects) ? root.projects : {};
  const key = Object.keys(projects).find((candidate) => path.resolve(candidate) === dir);
  const entry = key === undefined ? undefined : projects[key];
  const servers = isPlainObject(entry) ? entry.mcpServers : undefined;
  return { found: isPlainObject(servers) && Object.keys(servers).length > 0 };
}

/** The configs of the project in `dir`. Reads only `~/.claude.json`; the others are looked for, not read. */
export function discoverConfigs(dir: string, opts: { homeDir?: string } = {}): DiscoveredConfigs {
  const projectDir = path.resolve(dir);
  // Looked for in the user's folder at run time; the comment keeps Turbopack from taking the joined path for a file the build must trace (the whole project).
  const files = PROJECT_CONFIG_FILES.map((name) => path.join(/* turbopackIgnore: true */ projectDir, name)).filter(isFile);
  const problems: string[] = [];
  const claude = path.join(opts.homeDir ?? homedir(), ".claude.json");
  const entry = claudeProjectEntry(claude, projectDir);
  if (entry.found) files.push(claude);
  if (entry.problem) problems.push(entry.problem);
  return { projectDir, files, load: { projectDir, userEntries: false }, problems };
}

/** One line for stderr: which files were found and read, or that none was and the demo fleet runs. */
export function describeDiscovery(found: DiscoveredConfigs, opts: { homeDir?: string } = {}): string {
  const home = opts.homeDir ?? homedir();
  if (found.files.length === 0) {
    return `no MCP config in ${found.projectDir} (${PROJECT_CONFIG_FILES.join(", ")}, or an entry for it in ~/.claude.json): running the demo fleet; pass --config FILE to choose one`;
  }
  const names = found.files.map((file) =>
    path.basename(file) === ".claude.json" && path.dirname(file) === home
      ? "~/.claude.json (its entry for this folder)"
      : path.relative(found.projectDir, file) || file,
  );
  return `reading ${names.join(", ")} in ${found.projectDir}`;
}
