/**
 * The environment a stdio server starts with, as its client gives it (docs/clients.md, docs/platform.md):
 * Claude Code, Cursor and VS Code pass the shell's whole environment plus the entry's `env`; Codex
 * passes a short list of names plus `env_vars` and `env`; Claude Desktop (built on the TypeScript
 * SDK) only the SDK's defaults. The shell's environment is what the user's terminal had: what `npm
 * run` adds (the checkout's node_modules/.bin on PATH, npm_lifecycle_*, ...) and our own MCP_FLEET_*
 * settings are taken out, so a server resolves commands the way the project would.
 */
import "server-only";
import path from "node:path";
import type { ConfigFormat } from "@/lib/config/types";

export type Env = Record<string, string | undefined>;

/** Codex's `DEFAULT_ENV_VARS` on Unix (codex-rs rmcp-client utils.rs). */
export const CODEX_INHERITED = ["HOME", "LOGNAME", "PATH", "SHELL", "USER", "__CF_USER_TEXT_ENCODING", "LANG", "LC_ALL", "TERM", "TMPDIR", "TZ"];
/** The TypeScript SDK's `DEFAULT_INHERITED_ENV_VARS` on POSIX, which Claude Desktop's servers get. */
export const SDK_INHERITED = ["HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER"];

/** Variables `npm run` sets for the script it runs (npm 7+, @npmcli/run-script); the user's shell had none of them. */
const NPM_RUN_ADDED = new Set(["npm_lifecycle_event", "npm_lifecycle_script", "npm_command", "npm_execpath", "npm_node_execpath", "npm_package_json", "npm_config_local_prefix", "INIT_CWD"]);

/** True when `env` is the environment of a script that `npm run` started. */
function fromNpmRun(env: Env): boolean {
  return env.npm_lifecycle_event !== undefined && env.npm_execpath !== undefined;
}

/** PATH without the entries `npm run` put in front: `<dir>/node_modules/.bin` for the package and each parent, and node-gyp-bin. */
export function pathBeforeNpmRun(value: string, delimiter = path.delimiter): string {
  const entries = value.split(delimiter);
  let first = 0;
  while (first < entries.length && /[\\/]node_modules[\\/]\.bin[\\/]?$|[\\/]node-gyp-bin[\\/]?$/.test(entries[first])) first++;
  return entries.slice(first).join(delimiter);
}

/**
 * The user's shell environment from the environment this process was given: our own settings removed
 * (MCP_FLEET_*), and, under `npm run`, what npm added. npm_config_* settings stay: npm exports the
 * user's own (cache, registry, proxy) that way too, and a server's `npx` must see them.
 */
export function shellEnvironment(env: Env): Record<string, string> {
  const npm = fromNpmRun(env);
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || name.startsWith("MCP_FLEET_")) continue;
    if (npm && (NPM_RUN_ADDED.has(name) || name.startsWith("npm_package_"))) continue;
    // npm sets NODE to the node running npm; a shell has no NODE of its own unless the user set one to the same.
    if (npm && name === "NODE" && value === env.npm_node_execpath) continue;
    out[name] = name === "PATH" && npm ? pathBeforeNpmRun(value) : value;
  }
  return out;
}

/** Where the launcher (scripts/start.mjs) keeps the environment it was started with, before Next or we change process.env. */
const LAUNCH_ENV = Symbol.for("mcp-fleet.shell-env");

/** The user's shell environment for this process: the launcher's copy when there is one, else process.env; cleaned. */
export function launchShellEnvironment(): Record<string, string> {
  const saved = (globalThis as { [LAUNCH_ENV]?: Env })[LAUNCH_ENV];
  return shellEnvironment(saved ?? process.env);
}

/** The names a client passes from its own environment to a stdio server, or "all". */
export function inheritedNames(format: ConfigFormat): readonly string[] | "all" {
  if (format === "codex") return CODEX_INHERITED;
  if (format === "claude-desktop") return SDK_INHERITED;
  return "all";
}

/** Formats read the way Claude Code reads them, whose servers also get CLAUDE_PROJECT_DIR (docs/clients.md). */
const CLAUDE_CODE_FORMATS: readonly ConfigFormat[] = ["claude-code", "claude-user", "runtime", "demo"];

/**
 * The whole environment of a stdio server: what its client passes from the shell, what the client
 * adds itself (Claude Code: CLAUDE_PROJECT_DIR, the folder it runs in, which is the server's `cwd`),
 * then the entry's `env`.
 */
export function serverEnvironment(format: ConfigFormat, shell: Record<string, string>, entryEnv: Record<string, string> = {}, cwd?: string): Record<string, string> {
  const names = inheritedNames(format);
  const base: Record<string, string> = {};
  if (names === "all") Object.assign(base, shell);
  else for (const name of names) if (shell[name] !== undefined && !shell[name].startsWith("()")) base[name] = shell[name];
  if (cwd !== undefined && CLAUDE_CODE_FORMATS.includes(format)) base.CLAUDE_PROJECT_DIR = cwd;
  return { ...base, ...entryEnv };
}
