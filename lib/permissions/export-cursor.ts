/**
 * Cursor export (docs/clients.md): `permissions.json` `{ "mcpAllowlist": ["server:tool"] }`
 * (an allowlist only) and the CLI form `{ "permissions": { "allow": ["Mcp(server:tool)"], "deny": [...] } }`.
 * Every tool gets the decision the user set (its own rule overrides the server default). Allowed tools
 * are listed one by one (never `server:*`, so excluded tools stay out); a deny default is the
 * server-wide `Mcp(server:*)` only when no tool of it is allowed or asked, else one deny per tool.
 */
import { compare } from "./rules";
import { exportServers, looserExceptions } from "./universe";
import type { OurRule, PermissionTool } from "./types";

export interface CursorExport {
  permissionsJson: { mcpAllowlist: string[] };
  cliJson: { permissions: { allow: string[]; deny: string[] } };
  warnings: string[];
}

export function exportCursor(ours: readonly OurRule[], tools: readonly PermissionTool[]): CursorExport {
  const allow: string[] = [];
  const deny = new Set<string>();
  const warnings: string[] = [];
  for (const server of exportServers(ours, tools)) {
    const wholeServerDeny = server.fallback === "deny" && looserExceptions(server).length === 0;
    if (wholeServerDeny) deny.add(`Mcp(${server.serverId}:*)`);
    for (const t of server.tools) {
      const entry = `${t.serverId}:${t.toolName}`;
      if (t.intended.decision === "allow") {
        if (t.excluded) warnings.push(`${entry} is excluded from the fleet, so it is left out of the allowlist`);
        else allow.push(entry);
      }
      if (t.intended.decision === "deny" && !wholeServerDeny) deny.add(`Mcp(${entry})`);
    }
  }
  allow.sort(compare);
  return {
    permissionsJson: { mcpAllowlist: allow },
    cliJson: { permissions: { allow: allow.map((e) => `Mcp(${e})`), deny: [...deny].sort(compare) } },
    warnings,
  };
}

export function cursorText(exported: CursorExport, form: "permissions" | "cli" = "permissions"): string {
  return `${JSON.stringify(form === "cli" ? exported.cliJson : exported.permissionsJson, null, 2)}\n`;
}
