/**
 * Our rules as Claude Code rules that make Claude Code decide what the user set (docs/permissions.md). Claude Code checks deny, then ask, then allow, and the first match wins whatever
 * its specificity, so a server-wide ask or deny beats a tool's allow (observed: docs/clients.md
 * "Permissions"). A server default is written as the bare `mcp__<server>` only when no
 * exception is looser than it; otherwise it is compiled into one rule per known tool. Names are the
 * sanitized Claude Code names. An allowed tool the fleet excludes is written as ask.
 */
import { ruleName } from "./rules";
import { exportServers, looserExceptions, type ExportTool } from "./universe";
import type { Decision, OurRule, PermissionTool } from "./types";

export interface CompiledRule {
  rule: string;
  list: Decision;
  serverId: string;
  /** null: the bare server rule. */
  toolName: string | null;
  /** `tool`: the tool's own rule; `server`: the server default (bare, or written for this tool). */
  from: "tool" | "server";
}

export interface CompiledClaudeRules {
  rules: CompiledRule[];
  /** Rule names these rules replace in a settings file: ours, and every known tool of a server that has a default. */
  managed: string[];
  warnings: string[];
}

export function compileClaudeRules(ours: readonly OurRule[], tools: readonly PermissionTool[]): CompiledClaudeRules {
  const rules: CompiledRule[] = [];
  const warnings: string[] = [];
  const managed = new Set(ours.map((r) => ruleName(r.serverId, r.toolName)));
  const emit = (t: ExportTool, list: Decision, from: CompiledRule["from"]) => {
    if (list === "allow" && t.excluded) {
      warnings.push(
        from === "tool"
          ? `${t.serverId}:${t.toolName} is excluded from the fleet, so it is exported as ask, not allow`
          : `${t.serverId}:${t.toolName} is excluded from the fleet, so the server-wide allow is overridden with ask for it`,
      );
      list = "ask";
    }
    rules.push({ rule: t.claudeCodeName, list, serverId: t.serverId, toolName: t.toolName, from });
  };

  for (const server of exportServers(ours, tools)) {
    const fallback = server.fallback;
    const looser = looserExceptions(server);
    const compiled = fallback !== "none" && looser.length > 0;
    if (ours.some((r) => r.serverId === server.serverId && r.toolName === null)) {
      for (const t of server.tools) managed.add(t.claudeCodeName);
    }
    if (fallback !== "none" && !compiled) rules.push({ rule: ruleName(server.serverId, null), list: fallback, serverId: server.serverId, toolName: null, from: "server" });
    if (compiled) {
      const names = looser.map((t) => `${t.toolName} (${t.intended.decision})`).join(", ");
      warnings.push(
        `${server.serverId}: the default ${fallback} is written tool by tool, because Claude Code would let a server-wide ${fallback} beat ${names}` +
          (fallback === "deny" ? `; a tool ${server.serverId} adds later is not covered, so Claude Code asks for it until you export again` : ""),
      );
    }
    for (const t of server.tools) {
      const { decision, from } = t.intended;
      if (decision === "none") continue;
      if (from === "tool") {
        // A tool rule equal to a bare default adds nothing; a bare allow still needs its excluded tools asked.
        if (!compiled && decision === fallback && !(decision === "allow" && t.excluded)) continue;
        emit(t, decision, "tool");
      } else if (compiled) {
        emit(t, decision, "server");
      } else if (decision === "allow" && t.excluded) {
        emit(t, "allow", "server");
      }
    }
  }
  return { rules, managed: [...managed].sort(), warnings: [...new Set(warnings)].sort() };
}

/**
 * Rule names earlier exports may have written: the names given, plus, for every bare server name among
 * them, every known tool of that server (a default may have been written tool by tool).
 */
export function expandServerNames(names: readonly string[], tools: readonly PermissionTool[]): string[] {
  const out = new Set(names);
  for (const t of tools) if (out.has(ruleName(t.serverId, null))) out.add(t.claudeCodeName);
  return [...out].sort();
}
