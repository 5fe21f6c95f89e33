/**
 * Codex export (docs/clients.md "Codex", docs/permissions.md): a config.toml snippet, keyed by raw
 * tool names, where every tool gets the decision the user set (its own rule overrides the server
 * default). A default is `default_tools_approval_mode` ("approve" for allow, "prompt" for ask); a deny
 * default keeps only the exceptions in `enabled_tools`; tools whose decision differs from the default
 * get their own `[mcp_servers.<id>.tools.<tool>] approval_mode`; denied tools go to `disabled_tools`.
 */
import { exportServers } from "./universe";
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
  const warnings: string[] = [];
  const blocks: string[] = [];

  for (const server of exportServers(ours, tools)) {
    const { serverId, fallback } = server;
    const table = `mcp_servers.${tomlKey(serverId)}`;
    const head: string[] = [];
    const decided = server.tools
      .filter((t) => t.intended.decision !== "none")
      .map((t) => {
        let decision = t.intended.decision;
        if (decision === "allow" && t.excluded) {
          decision = "ask";
          warnings.push(`${serverId}:${t.toolName} is excluded from the fleet, so it is exported as prompt, not approve`);
        }
        return { ...t, decision: decision as "allow" | "ask" | "deny" };
      });
    if (fallback === "allow" || fallback === "ask") head.push(`default_tools_approval_mode = "${MODE[fallback]}"`);
    if (fallback === "deny") {
      // Only the listed tools are enabled, so a tool the server adds later stays off too.
      const enabled = decided.filter((t) => t.decision !== "deny").map((t) => tomlString(t.toolName));
      head.push(`# server default deny: only the tools listed here are enabled`, `enabled_tools = [${enabled.join(", ")}]`);
    } else {
      const denied = decided.filter((t) => t.decision === "deny").map((t) => tomlString(t.toolName));
      if (denied.length > 0) head.push(`disabled_tools = [${denied.join(", ")}]`);
    }
    if (head.length > 0) blocks.push([`[${table}]`, ...head].join("\n"));

    for (const t of decided) {
      if (t.decision === "deny") continue;
      if (t.decision === fallback) continue;
      blocks.push(`[${table}.tools.${tomlKey(t.toolName)}]\napproval_mode = "${MODE[t.decision]}"`);
    }
  }
  const header = "# MCP Fleet: tool approvals for Codex. Merge into ~/.codex/config.toml (or a trusted project's .codex/config.toml).";
  return { text: `${[header, ...blocks].join("\n\n")}\n`, warnings };
}
