/**
 * What each client makes of a tool's name and description, for the detail page (pure): the name as
 * listed and the one each client sends (or that it drops the tool), each checked against that client's
 * own rule as its view found it (the Agent SDK host's ^[a-zA-Z0-9_-]{1,64}$, Claude Code's 128-character
 * `mcp__` names, Codex's namespaced function names); and where a client cut the description it sends.
 */
import { CLIENT_CHOICE_LIST, type ClientChoice } from "@/lib/clients/choices";
import type { DescriptionCut } from "@/lib/reconcile/describe";
import type { ToolDetail } from "@/lib/server/page-state";

/** The longest name each client sends, as its view enforces it (docs/clients.md "Names"). */
export const NAME_LIMITS: Record<ClientChoice, number> = { "agent-sdk": 64, "claude-code": 128, "claude-code@2.1.194": 128, codex: 128 };

const NAME_CODES = /:(name-|invalid-chars|too-long|collision|clash|duplicate-name)/;

export interface NameRow {
  /** `original`, or the client whose name this is. */
  kind: "original" | ClientChoice;
  label: string;
  /** The name (for Codex the full `<namespace>__<function>`); null when the client drops the tool. */
  name: string | null;
  length: number;
  limit: number | null;
  ok: boolean;
  note: string;
}

export function nameRows(detail: ToolDetail): NameRow[] {
  const original = detail.tool.originalName;
  const rows: NameRow[] = [{ kind: "original", label: "As listed", name: original, length: original.length, limit: null, ok: true, note: "the name its server lists" }];
  for (const choice of CLIENT_CHOICE_LIST) {
    const { client, verdict } = detail.clients[choice];
    const sent = verdict?.sent ?? null;
    const limit = NAME_LIMITS[choice];
    if (!sent) {
      const why = verdict?.reasons[0]?.message ?? "not in this client's view";
      rows.push({ kind: choice, label: client.label, name: null, length: 0, limit, ok: false, note: `not sent: ${why}` });
      continue;
    }
    const changed = verdict!.notes.filter((n) => NAME_CODES.test(n.code));
    const renamed = choice === "agent-sdk" ? (detail.tool.renamed?.reasons ?? []) : changed;
    rows.push({
      kind: choice,
      label: client.label,
      name: sent.callName,
      length: sent.callName.length,
      limit,
      ok: renamed.length === 0,
      note: renamed.length ? renamed.map((r) => r.message).join("; ") : `sent as listed (up to ${limit} characters)`,
    });
  }
  return rows;
}

/** A description as a client sent it, split where the client cut it: the part kept, the suffix it appended, how much was lost. */
export function splitSentDescription(description: string, cut: DescriptionCut | null): { kept: string; suffix: string; lost: number } {
  if (!cut || !description.endsWith(cut.suffix)) return { kept: description, suffix: "", lost: 0 };
  const kept = description.slice(0, description.length - cut.suffix.length);
  return { kept, suffix: cut.suffix, lost: cut.originalLength - kept.length };
}
