/**
 * A client view as text for `mcp-fleet tools`: the client and version, the settings files read, whole
 * servers lost first (naming the tool that causes it), then every dropped tool with its reasons and
 * their sources, then what is sent and what was changed on the way.
 */
import type { ClientView, ToolVerdict } from "@/lib/clients";
import { shortHash } from "@/lib/schema/hash";
import type { SettingsRead } from "@/lib/settings/client-settings";

export type { SettingsRead };

export function formatClientView(view: ClientView, read: SettingsRead[]): string {
  const sent = view.tools.filter((t) => t.status === "sent");
  const lines = [`${view.client.label}: sends ${sent.length} of ${view.tools.length} tools (fleet hash ${shortHash(view.fleetHash)})`];
  if (read.length > 0) lines.push(`settings read: ${read.map((r) => `${r.label} (${r.exists ? r.took : "absent"})`).join(", ")}`);

  const lost = view.servers.filter((s) => s.lost);
  lines.push("", `servers lost (${lost.length})`);
  for (const s of lost) lines.push(`  ${s.serverId}  ${s.lost!.message}  [${s.lost!.source}]`);
  if (lost.length === 0) lines.push("  none");

  const lostIds = new Set(lost.map((s) => s.serverId));
  const dropped = view.tools.filter((t) => t.status === "dropped" && !lostIds.has(t.serverId));
  lines.push("", `tools dropped (${dropped.length})`);
  for (const t of dropped) {
    lines.push(`  ${where(t)}`);
    for (const r of t.reasons) lines.push(`    - ${r.message}${r.path ? ` (at ${r.path})` : ""}  [${r.source}]`);
  }
  if (dropped.length === 0) lines.push("  none");

  lines.push("", `tools sent (${sent.length})`);
  const width = Math.max(0, ...sent.map((t) => t.sent!.callName.length));
  for (const t of [...sent].sort((a, b) => (a.sent!.callName < b.sent!.callName ? -1 : 1))) {
    const changes = t.notes.map((n) => n.code.replace(/^[a-z-]+:/, "")).join(", ");
    lines.push(`  ${t.sent!.callName.padEnd(width)}  ${where(t)}${changes ? `  (${changes})` : ""}`);
  }
  return lines.join("\n");
}

function where(t: ToolVerdict<unknown>): string {
  return `${t.serverId}:${t.originalName}`;
}
