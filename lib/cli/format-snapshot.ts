/**
 * The readable summary of a FleetSnapshot printed by `fleet reconcile` and `fleet snapshot`:
 * servers, collisions, renames, flattened tools, exclusions with every reason, and warnings.
 * Presentation only; every fact comes from the snapshot.
 */
import { shortHash } from "@/lib/schema/hash";
import type { Finding, FleetSnapshot, SnapshotTool } from "@/lib/reconcile/types";

const INDENT = "  ";

function where(tool: SnapshotTool): string {
  return `${tool.serverId}:${tool.originalName}`;
}

function findingLine(finding: Finding): string {
  let line = `${finding.code}: ${finding.message}`;
  if (finding.path !== undefined) line += ` (at ${finding.path === "" ? "the root" : finding.path})`;
  if (finding.fix) line += `; fix: ${finding.fix}`;
  return line;
}

function section(title: string, count: number, lines: string[]): string[] {
  return lines.length === 0 ? [] : ["", `${title} (${count})`, ...lines];
}

/** The summary, one fact per line, in the snapshot's own (deterministic) order. */
export function formatSnapshotSummary(snapshot: FleetSnapshot): string {
  const exposed = snapshot.tools.filter((t) => t.exposedName !== null);
  const excluded = snapshot.tools.filter((t) => t.exposedName === null);
  const out: string[] = [
    `fleet ${shortHash(snapshot.fleetHash)}: ${snapshot.servers.length} server(s), ${snapshot.tools.length} tool(s), ${exposed.length} exposed, ${excluded.length} excluded`,
    "",
    "servers",
  ];
  const idWidth = Math.max(0, ...snapshot.servers.map((s) => s.id.length));
  for (const server of snapshot.servers) {
    const label = server.label && server.label !== server.id ? ` [${server.label}]` : "";
    const error = server.error ? `: ${server.error}` : "";
    out.push(`${INDENT}${server.id.padEnd(idWidth)}  ${server.status}${error}  ${server.toolCount} tool(s)${label}`);
  }

  out.push(
    ...section(
      "collisions",
      snapshot.collisions.length,
      snapshot.collisions.map(
        (group) =>
          `${INDENT}${group.name}  ${group.kind}  ` +
          group.members
            .map((m) => `${m.serverId} (${shortHash(m.schemaHash)}) -> ${m.exposedName ?? "excluded"}`)
            .join(", "),
      ),
    ),
  );
  const renamed = exposed.filter((t) => t.renamed);
  out.push(
    ...section(
      "renamed",
      renamed.length,
      renamed.map((t) => `${INDENT}${where(t)} -> ${t.exposedName}  (${t.renamed!.reasons.map((r) => r.code).join(", ")})`),
    ),
  );
  const flattened = snapshot.tools.filter((t) => t.flattened);
  out.push(
    ...section(
      "flattened",
      flattened.length,
      flattened.map((t) => `${INDENT}${where(t)}  root ${t.flattened!.keyword}: ${t.flattened!.lostConstraint ?? "nothing lost"}`),
    ),
  );
  out.push(
    ...section(
      "excluded",
      excluded.length,
      excluded.flatMap((t) => [`${INDENT}${where(t)}`, ...t.excluded!.reasons.map((r) => `${INDENT}${INDENT}- ${findingLine(r)}`)]),
    ),
  );
  const skipped = snapshot.tools.flatMap((t) =>
    t.checks.filter((c) => c.check === "metaschema" && c.status === "skipped").map((c) => `${INDENT}${where(t)}  ${c.message}`),
  );
  out.push(...section("checks skipped", skipped.length, skipped));
  out.push(
    ...section(
      "warnings",
      snapshot.tools.reduce((n, t) => n + t.warnings.length, 0),
      snapshot.tools.flatMap((t) =>
        t.warnings.length === 0 ? [] : [`${INDENT}${where(t)}`, ...t.warnings.map((w) => `${INDENT}${INDENT}- ${findingLine(w)}`)],
      ),
    ),
  );
  return out.join("\n");
}
