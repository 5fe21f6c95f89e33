/**
 * Cursor export (docs/clients.md): `permissions.json` `{ "mcpAllowlist": ["server:tool"] }`
 * (an allowlist only) and the CLI form `{ "permissions": { "allow": ["Mcp(server:tool)"], "deny": [...] } }`.
 * Allowed tools are listed one by one (never `server:*`, so excluded tools stay out).
 */
import { compare } from "./rules";
import { exportUniverse, serverDefaults } from "./universe";
import type { OurRule, PermissionTool } from "./types";

export interface CursorExport {
  permissionsJson: { mcpAllowlist: string[] };
  cliJson: { permissions: { allow: string[]; deny: string[] } };
  warnings: string[];
}

export function exportCursor(ours: readonly OurRule[], tools: readonly PermissionTool[]): CursorExport {
  const universe = exportUniverse(ours, tools);
  const defaults = serverDefaults(ours);
  const allow: string[] = [];
  const deny = new Set<string>();
  const warnings: string[] = [];
  for (const [serverId, decision] of defaults) if (decision === "deny") deny.add(`Mcp(${serverId}:*)`);
  for (const t of universe) {
    const entry = `${t.serverId}:${t.toolName}`;
    if (t.effective.decision === "allow") {
      if (t.excluded) warnings.push(`${entry} is excluded from the fleet, so it is left out of the allowlist`);
      else allow.push(entry);
    }
    if (t.effective.decision === "deny" && !t.effective.rule?.serverDefault) deny.add(`Mcp(${entry})`);
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
