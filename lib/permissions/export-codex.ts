/**
 * Codex export (docs/clients.md): a config.toml snippet with `[mcp_servers.<id>]`
 * `disabled_tools` for denied tools and `[mcp_servers.<id>.tools.<tool>] approval_mode` ("approve"
 * for allow, "prompt" for ask), keyed by raw tool names. Each tool gets the decision Claude Code's
 * precedence gives it under our rules, so the two clients agree.
 */
import { exportUniverse, serverDefaults } from "./universe";
import type { OurRule, PermissionTool } from "./types";

export interface CodexExport {
  text: string;
  warnings: string[];
}

const MODE = { allow: "approve", ask: "prompt" } as const;

/** A TOML key: bare when it can be, else a basic string. */
export function tomlKey(key: string): string {
  return /^[A-Za-z0-9_-]+$/.test(key) ? key : tomlString(key);
}

function tomlString(value: string): string {
  // JSON escapes are valid TOML basic-string escapes; DEL is a control character TOML also refuses raw.
  return JSON.stringify(value).replace(/\u007f/g, "\\u007F");
}

export function exportCodex(ours: readonly OurRule[], tools: readonly PermissionTool[]): CodexExport {
  const universe = exportUniverse(ours, tools);
  const defaults = serverDefaults(ours);
  const serverIds = [...new Set([...defaults.keys(), ...universe.map((t) => t.serverId)])].sort();
  const warnings: string[] = [];
  const blocks: string[] = [];

  for (const serverId of serverIds) {
    const serverTools = universe.filter((t) => t.serverId === serverId);
    const fallback = defaults.get(serverId);
    const table = `mcp_servers.${tomlKey(serverId)}`;
    const head: string[] = [];
    if (fallback === "allow" || fallback === "ask") head.push(`default_tools_approval_mode = "${MODE[fallback]}"`);
    if (fallback === "deny") head.push(`# server default deny: every known tool is listed; set enabled = false to block new ones too`);
    const denied = serverTools.filter((t) => t.effective.decision === "deny").map((t) => tomlString(t.toolName));
    if (denied.length > 0) head.push(`disabled_tools = [${denied.join(", ")}]`);
    if (head.length > 0) blocks.push([`[${table}]`, ...head].join("\n"));

    for (const t of serverTools) {
      let decision = t.effective.decision;
      if (decision === "deny" || decision === "none") continue;
      if (decision === "allow" && t.excluded) {
        decision = "ask";
        warnings.push(`${serverId}:${t.toolName} is excluded from the fleet, so it is exported as prompt, not approve`);
      }
      if (decision === fallback) continue;
      blocks.push(`[${table}.tools.${tomlKey(t.toolName)}]\napproval_mode = "${MODE[decision]}"`);
    }
  }
  const header = "# MCP Fleet: tool approvals for Codex. Merge into ~/.codex/config.toml (or a trusted project's .codex/config.toml).";
  return { text: `${[header, ...blocks].join("\n\n")}\n`, warnings };
}
