/**
 * Installs a real client from the npm registry into a cache folder outside the repository
 * (`${XDG_CACHE_HOME:-$HOME/.cache}/mcp-fleet/clients/<pkg>@<version>`) and finds its native
 * executable, which npm brings as a platform-specific optional dependency.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

export type ClientKind = "claude-code" | "codex";

export interface ClientSpec {
  kind: ClientKind;
  version: string;
  pkg: string;
}

const PACKAGES: Record<ClientKind, string> = { "claude-code": "@anthropic-ai/claude-code", codex: "@openai/codex" };

/** `claude-code@2.1.328` → the client and its npm package; an error in words otherwise. */
export function parseClientArg(arg: string): ClientSpec | { error: string } {
  const match = /^(claude-code|codex)@(\d+\.\d+\.\d+(?:-[\w.]+)?)$/.exec(arg);
  if (!match) return { error: `--client wants claude-code@<version> or codex@<version>, got "${arg}"` };
  const kind = match[1] as ClientKind;
  return { kind, version: match[2], pkg: PACKAGES[kind] };
}

/** The folder a client version is installed into. */
export function installDir(client: ClientSpec, env: Record<string, string | undefined> = process.env): string {
  const cache = env.XDG_CACHE_HOME || join(env.HOME || homedir(), ".cache");
  return join(cache, "mcp-fleet", "clients", `${client.pkg}@${client.version}`);
}

/** How to start the client: a command and the arguments that come before the client's own. */
export interface Launcher {
  command: string;
  prefixArgs: string[];
}

/** The installed client's launcher, or null when it is not (fully) installed. */
export function findLauncher(client: ClientSpec, dir: string): Launcher | null {
  const modules = join(dir, "node_modules");
  const manifestPath = join(modules, client.pkg, "package.json");
  if (!existsSync(manifestPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { version?: string; optionalDependencies?: Record<string, string> };
  if (manifest.version !== client.version) return null;
  if (client.kind === "codex") {
    // codex.js picks the platform package and puts its helper tools (rg) on PATH.
    const script = join(modules, client.pkg, "bin", "codex.js");
    return existsSync(script) ? { command: process.execPath, prefixArgs: [script] } : null;
  }
  // Claude Code's postinstall would copy the platform binary over bin/claude.exe; we install with
  // --ignore-scripts and run the platform package's binary directly.
  for (const name of Object.keys(manifest.optionalDependencies ?? {})) {
    const binary = join(modules, name, process.platform === "win32" ? "claude.exe" : "claude");
    if (name.includes(`-${process.platform}-${process.arch}`) && existsSync(binary)) return { command: binary, prefixArgs: [] };
  }
  return null;
}

/** Installs the client when missing; returns its launcher or throws naming the step that failed. */
export function ensureInstalled(client: ClientSpec, log: (line: string) => void): Launcher {
  const dir = installDir(client);
  const found = findLauncher(client, dir);
  if (found) return found;
  log(`install: ${client.pkg}@${client.version} into ${dir} (npm install --prefix)`);
  mkdirSync(dir, { recursive: true });
  const npm = spawnSync(
    "npm",
    ["install", "--prefix", dir, "--no-save", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error", `${client.pkg}@${client.version}`],
    { stdio: ["ignore", "inherit", "inherit"] },
  );
  if (npm.status !== 0) throw new Error(`install: npm install ${client.pkg}@${client.version} into ${dir} failed (exit ${npm.status ?? npm.signal})`);
  const launcher = findLauncher(client, dir);
  if (!launcher) {
    throw new Error(`install: ${client.pkg}@${client.version} installed into ${dir}, but no executable for ${process.platform}-${process.arch} was found there`);
  }
  return launcher;
}
