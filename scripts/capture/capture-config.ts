/**
 * `--config F`: what a client sends for a user's own config file. A `.mcp.json` runs in its own folder
 * (relative paths and the project's settings apply as they would); a Codex `config.toml` becomes the user
 * config of a temporary CODEX_HOME with the fake provider and the network settings put in.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { parse as parseToml, stringify as stringifyToml } from "smol-toml";
import { codexBaseConfig } from "./client-config";
import type { ClientSpec, Launcher } from "./install";
import { runClaudeCode } from "./run-claude-code";
import { runCodex } from "./run-codex";

/** The MCP part of the tools array the client sent, and its relevant log lines. */
export async function captureConfig(
  client: ClientSpec,
  launcher: Launcher,
  file: string,
  opts: { deferred: boolean; keep: boolean; log: (line: string) => void },
): Promise<{ tools: unknown[]; logLines: string[] }> {
  const path = resolve(file);
  if (!existsSync(path)) throw new Error(`config: ${path} does not exist`);
  let parsed: unknown;
  try {
    parsed = client.kind === "claude-code" ? JSON.parse(readFileSync(path, "utf8")) : parseToml(readFileSync(path, "utf8"));
  } catch (error) {
    throw new Error(`config: ${path} is not valid ${client.kind === "claude-code" ? "JSON" : "TOML"}: ${(error as Error).message}`);
  }
  const root = mkdtempSync(join(tmpdir(), "mcp-fleet-capture-"));
  let keep = opts.keep;
  try {
    if (client.kind === "claude-code") {
      const inPlace = basename(path) === ".mcp.json";
      const out = await runClaudeCode({
        launcher,
        root,
        projectDir: inPlace ? dirname(path) : undefined,
        mcpJson: inPlace ? null : parsed,
        userSettings: { enableAllProjectMcpServers: true },
        deferred: opts.deferred,
      });
      if (!out.tools) {
        keep = true;
        throw new Error(`run: Claude Code sent no main-loop request; debug log ${out.debugFile}`);
      }
      return { tools: out.tools.mcp, logLines: out.debugLines };
    }
    const user = parsed as Record<string, unknown>;
    const out = await runCodex({ launcher, root, projectDir: dirname(path), userConfig: (url) => stringifyToml({ ...user, ...codexBaseConfig(url) }) });
    if (out.outside.length > 0 || !out.tools) {
      keep = true;
      throw new Error(out.outside.length > 0 ? `run: Codex tried to reach ${out.outside.join(", ")}; log ${out.logFile}` : `run: Codex sent no request; log ${out.logFile}`);
    }
    return { tools: out.tools.mcp, logLines: out.debugLines };
  } finally {
    if (keep) opts.log(`kept ${root}`);
    else rmSync(root, { recursive: true, force: true });
  }
}
