/**
 * The tools our rules speak about, each with the decision the user set (docs/permissions.md: a
 * server default is a default, and a tool's own rule overrides it): every known tool of a server we have
 * a rule for, plus tools our rules name that the snapshot does not list (a server that is down keeps
 * its rules). Sorted by server, then tool. Every export starts from here.
 */
import { compare, ruleName } from "./rules";
import type { Decision, OurRule, PermissionTool, RuleDecision } from "./types";

export interface IntendedDecision {
  /** The tool's own rule when it has one, else its server's default, else `none`. */
  decision: RuleDecision;
  from: "tool" | "server" | "none";
}

export interface ExportTool {
  serverId: string;
  toolName: string;
  /** The Claude Code name (sanitized). */
  claudeCodeName: string;
  excluded: boolean;
  /** What the user set for this tool. */
  intended: IntendedDecision;
}

export interface ExportServer {
  serverId: string;
  /** The server default (`none`: no default). */
  fallback: RuleDecision;
  tools: ExportTool[];
}

/** How strict a decision is: deny > ask > allow. */
export const STRICTNESS: Record<Decision, number> = { allow: 0, ask: 1, deny: 2 };

/** The decision the user set for one tool: its own rule overrides the server default. */
export function intendedDecision(ours: readonly OurRule[], serverId: string, toolName: string): IntendedDecision {
  const own = ours.find((r) => r.serverId === serverId && r.toolName === toolName && r.decision !== "none");
  if (own) return { decision: own.decision, from: "tool" };
  const fallback = ours.find((r) => r.serverId === serverId && r.toolName === null && r.decision !== "none");
  return fallback ? { decision: fallback.decision, from: "server" } : { decision: "none", from: "none" };
}

export function exportServers(ours: readonly OurRule[], tools: readonly PermissionTool[]): ExportServer[] {
  const serverIds = [...new Set(ours.filter((r) => r.decision !== "none").map((r) => r.serverId))].sort(compare);
  return serverIds.map((serverId) => {
    const byName = new Map<string, { excluded: boolean }>();
    for (const t of tools) if (t.serverId === serverId) byName.set(t.originalName, { excluded: (byName.get(t.originalName)?.excluded ?? false) || t.excluded != null });
    for (const r of ours) if (r.serverId === serverId && r.toolName !== null && r.decision !== "none" && !byName.has(r.toolName)) byName.set(r.toolName, { excluded: false });
    return {
      serverId,
      fallback: ours.find((r) => r.serverId === serverId && r.toolName === null)?.decision ?? "none",
      tools: [...byName.entries()]
        .sort(([a], [b]) => compare(a, b))
        .map(([toolName, { excluded }]) => ({
          serverId,
          toolName,
          claudeCodeName: ruleName(serverId, toolName),
          excluded,
          intended: intendedDecision(ours, serverId, toolName),
        })),
    };
  });
}

/** The tools of a server that an exception makes looser than its default (a deny default's allow, say). */
export function looserExceptions(server: ExportServer): ExportTool[] {
  const fallback = server.fallback;
  if (fallback === "none") return [];
  return server.tools.filter((t) => t.intended.from === "tool" && t.intended.decision !== "none" && STRICTNESS[t.intended.decision] < STRICTNESS[fallback]);
}
