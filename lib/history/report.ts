/**
 * The weekly review as Markdown, fit to paste into a pull request or a
 * chat: summary counts, changes by server, collisions now, excluded tools. Pure.
 */
import { count, plural } from "@/lib/text/count";
import { DRIFT_KINDS, DRIFT_KIND_LABELS, type DriftEvent, type ReportInput } from "./types";

const short = (hash: string | null | undefined) => (hash ? hash.slice(0, 16) : "none");
const code = (text: string) => "`" + text.replace(/`/g, "'") + "`";
/** Markdown table cells cannot hold pipes or newlines. */
const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\s*\n\s*/g, " ");

function eventLine(e: DriftEvent): string {
  const d = e.details;
  const when = e.time.slice(0, 16).replace("T", " ");
  let detail = "";
  switch (e.kind) {
    case "renamed":
      detail = ` (was ${code(d.previousName ?? "?")})`;
      break;
    case "schema-changed":
      detail = ` (${short(d.before?.schemaHash)} → ${short(d.after?.schemaHash)})`;
      break;
    case "description-changed":
      detail = ` (${short(d.before?.descriptionHash)} → ${short(d.after?.descriptionHash)})`;
      break;
    case "annotations-changed":
      detail = ` (${short(d.before?.annotationsHash)} → ${short(d.after?.annotationsHash)})`;
      break;
    case "collision-appeared":
    case "collision-gone":
      detail = d.collidesWith?.length ? ` (with ${d.collidesWith.map(code).join(", ")})` : "";
      break;
  }
  return `- ${DRIFT_KIND_LABELS[e.kind]}: ${code(e.toolName)}${detail} · ${when} UTC`;
}

function sinceText({ since, scope }: ReportInput): string {
  const at = since ? `${since.slice(0, 16).replace("T", " ")} UTC` : "";
  if (scope === "since") return since ? `Since ${at}` : "Since history began";
  return since ? `Since the last review (${at}), not yet reviewed` : "Since history began, not yet reviewed";
}

export function renderReport(input: ReportInput): string {
  const { snapshot, events } = input;
  const lines: string[] = [];
  const day = input.generatedAt.slice(0, 10);
  lines.push(`# MCP Fleet review, ${day}`, "");
  const ready = snapshot.servers.filter((s) => s.status === "ready").length;
  const exposed = snapshot.tools.filter((t) => !t.excluded).length;
  const excluded = snapshot.tools.filter((t) => t.excluded);
  const servers = [...new Set(events.map((e) => e.serverId))].sort();
  lines.push(
    `${sinceText(input)}: ` +
      `**${events.length}** ${plural(events.length, "change")} on **${servers.length}** ${plural(servers.length, "server")}.`,
    "",
    `Fleet now: ${ready}/${count(snapshot.servers.length, "server")} ready, ${count(exposed, "tool")} exposed, ` +
      `${count(snapshot.collisions.length, "collision group")}, ${excluded.length} excluded. ` +
      `Fleet hash ${code(short(snapshot.fleetHash))}.`,
    "",
  );

  const counts = DRIFT_KINDS.map((kind) => [kind, events.filter((e) => e.kind === kind).length] as const).filter(([, n]) => n > 0);
  if (counts.length > 0) {
    lines.push("| change | count |", "|---|---:|", ...counts.map(([kind, n]) => `| ${DRIFT_KIND_LABELS[kind]} | ${n} |`), "");
  }

  lines.push("## Changes by server", "");
  if (events.length === 0) lines.push("No changes.", "");
  for (const serverId of servers) {
    const mine = events.filter((e) => e.serverId === serverId).sort((a, b) => a.id - b.id);
    lines.push(`### ${code(serverId)}`, "", ...mine.map(eventLine), "");
  }

  lines.push("## Collisions now", "");
  if (snapshot.collisions.length === 0) lines.push("None.", "");
  else {
    lines.push("| tool | kind | servers (exposed as) |", "|---|---|---|");
    for (const group of [...snapshot.collisions].sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const members = group.members.map((m) => `${m.serverId} (${m.exposedName ?? "excluded"})`).join(", ");
      lines.push(`| ${cell(code(group.name))} | ${group.kind} | ${cell(members)} |`);
    }
    lines.push("");
  }

  lines.push("## Excluded tools", "");
  if (excluded.length === 0) lines.push("None.", "");
  else {
    lines.push("| server | tool | why |", "|---|---|---|");
    for (const tool of [...excluded].sort((a, b) => (a.serverId + "\0" + a.originalName < b.serverId + "\0" + b.originalName ? -1 : 1))) {
      const why = tool.excluded?.reasons.map((r) => r.message).join("; ") ?? "";
      lines.push(`| ${cell(tool.serverId)} | ${cell(code(tool.originalName))} | ${cell(why)} |`);
    }
    lines.push("");
  }
  return lines.join("\n");
}
