/**
 * The readable summary of a FleetSnapshot printed by `mcp-fleet reconcile` and `mcp-fleet snapshot`:
 * one line with every count first, then servers, collisions, exclusions, renames, flattened tools,
 * warnings and skipped checks. A finding repeated across many tools is folded into one group with a
 * few examples, so one noisy rule cannot bury the rest (`--json` keeps every one). Presentation only.
 */
import { shortHash } from "@/lib/schema/hash";
import { count } from "@/lib/text/count";
import type { ServerDetails } from "@/lib/fleet/types";
import type { Finding, FleetSnapshot, SnapshotTool } from "@/lib/reconcile/types";

const INDENT = "  ";
/** A group larger than this is folded: its first EXAMPLES members, then how many more. */
const FOLD_ABOVE = 4;
const EXAMPLES = 3;

function where(tool: SnapshotTool): string {
  return `${tool.serverId}:${tool.originalName}`;
}

function findingLine(finding: Finding): string {
  return `${finding.code}: ${findingDetail(finding)}${finding.fix ? `; fix: ${finding.fix}` : ""}`;
}

/** The finding without its code and fix, as an example under a folded group that names both. */
function findingDetail(finding: Finding): string {
  return finding.path === undefined ? finding.message : `${finding.message} (at ${finding.path === "" ? "the root" : finding.path})`;
}

function section(title: string, n: number, lines: string[]): string[] {
  return lines.length === 0 ? [] : ["", `${title} (${n})`, ...lines];
}

/** One member of a group: the lines it prints when the group is shown whole, and its one-line example form. */
interface Member {
  lines: string[];
  example: string;
}

/**
 * Groups in order of first appearance. A group of at most FOLD_ABOVE members prints each member whole;
 * a larger one prints its head, EXAMPLES examples and how many more there are.
 */
function foldGroups(groups: Map<string, Group>): string[] {
  const out: string[] = [];
  for (const { head, note, members } of groups.values()) {
    if (members.length <= FOLD_ABOVE) {
      out.push(...members.flatMap((m) => m.lines));
      continue;
    }
    out.push(`${INDENT}${head} (${count(members.length, "tool")})${note ? `; ${note}` : ""}`);
    out.push(...members.slice(0, EXAMPLES).map((m) => `${INDENT}${INDENT}${m.example}`));
    out.push(`${INDENT}${INDENT}… and ${members.length - EXAMPLES} more (--json lists every one)`);
  }
  return out;
}

/** Members that print alike, under a head (and a note, such as the fix they share) when folded. */
interface Group {
  head: string;
  note?: string;
  members: Member[];
}

function addTo(groups: Map<string, Group>, key: string, head: Omit<Group, "members">, member: Member): void {
  const group = groups.get(key);
  if (group) group.members.push(member);
  else groups.set(key, { ...head, members: [member] });
}

/** The fix every finding shares, when there is one, said once above a folded group. */
function sharedFix(findings: Finding[]): string | undefined {
  const fixes = new Set(findings.map((f) => f.fix));
  const [fix] = fixes;
  return fixes.size === 1 && fix ? `fix: ${fix}` : undefined;
}

function headline(snapshot: FleetSnapshot, counts: [n: number, noun: string, plural?: string][]): string {
  const byStatus = new Map<string, number>();
  for (const s of snapshot.servers) byStatus.set(s.status, (byStatus.get(s.status) ?? 0) + 1);
  const statuses = [...byStatus].map(([status, n]) => `${n} ${status}`).join(", ");
  const exposed = snapshot.tools.filter((t) => t.exposedName !== null).length;
  return (
    `fleet ${shortHash(snapshot.fleetHash)}: ${count(snapshot.servers.length, "server")}${statuses ? ` (${statuses})` : ""}, ` +
    `${count(snapshot.tools.length, "tool")} (${exposed} exposed, ${snapshot.tools.length - exposed} excluded); ` +
    counts.map(([n, noun, plural]) => count(n, noun, plural)).join(", ")
  );
}

function serverLines(snapshot: FleetSnapshot, details: ServerDetails[] | undefined): string[] {
  const live = new Map((details ?? []).map((d) => [d.id, d]));
  const idWidth = Math.max(0, ...snapshot.servers.map((s) => s.id.length));
  const statusWidth = Math.max(0, ...snapshot.servers.map((s) => s.status.length));
  return snapshot.servers.map((server) => {
    const head = `${INDENT}${server.id.padEnd(idWidth)}  ${server.status.padEnd(statusWidth)}  `;
    if (server.error) return `${head}${server.error}`;
    const detail = live.get(server.id);
    let line = `${head}${count(server.toolCount, "tool")}`;
    if (detail?.status === "ready") line += `  connect ${detail.connectMs ?? "?"} ms, list ${detail.listMs ?? "?"} ms`;
    if (detail?.serverInfo) line += `  (${detail.serverInfo.name} ${detail.serverInfo.version})`;
    if (server.label && server.label !== server.id) line += `  [${server.label}]`;
    return line;
  });
}

/**
 * The summary, one fact per line, in the snapshot's own (deterministic) order. `details`, from a live
 * fleet, adds each ready server's timings and server info.
 */
export function formatSnapshotSummary(snapshot: FleetSnapshot, details?: ServerDetails[]): string {
  const exposed = snapshot.tools.filter((t) => t.exposedName !== null);
  const excluded = snapshot.tools.filter((t) => t.exposedName === null);
  const renamed = exposed.filter((t) => t.renamed);
  const flattened = snapshot.tools.filter((t) => t.flattened);
  const warningCount = snapshot.tools.reduce((n, t) => n + t.warnings.length, 0);
  // The metaschema check is the one whose skip leaves a schema unjudged (another dialect); the others skip when there is nothing to check.
  const skipped = snapshot.tools.flatMap((t) => t.checks.filter((c) => c.check === "metaschema" && c.status === "skipped").map((check) => ({ tool: t, check })));

  const out: string[] = [
    headline(snapshot, [
      [snapshot.collisions.length, "collision"],
      [renamed.length, "renamed", "renamed"],
      [flattened.length, "flattened", "flattened"],
      [warningCount, "warning"],
      [skipped.length, "check skipped", "checks skipped"],
    ]),
    "",
    "servers",
    ...serverLines(snapshot, details),
  ];

  out.push(
    ...section(
      "collisions",
      snapshot.collisions.length,
      snapshot.collisions.map(
        (group) =>
          `${INDENT}${group.name}  ${group.kind}  ` +
          group.members.map((m) => `${m.serverId} (${shortHash(m.schemaHash)}) -> ${m.exposedName ?? "excluded"}`).join(", "),
      ),
    ),
  );

  const exclusions = new Map<string, Group>();
  for (const t of excluded) {
    const reasons = t.excluded!.reasons;
    const codes = [...new Set(reasons.map((r) => r.code))].join(", ");
    addTo(exclusions, codes, { head: codes, note: sharedFix(reasons) }, {
      lines: [`${INDENT}${where(t)}`, ...reasons.map((r) => `${INDENT}${INDENT}- ${findingLine(r)}`)],
      example: `${where(t)}  ${reasons.map(findingDetail).join("; ")}`,
    });
  }
  out.push(...section("excluded", excluded.length, foldGroups(exclusions)));

  const renames = new Map<string, Group>();
  for (const t of renamed) {
    const codes = t.renamed!.reasons.map((r) => r.code).join(", ");
    const line = `${where(t)} -> ${t.exposedName}`;
    addTo(renames, codes, { head: codes }, { lines: [`${INDENT}${line}  (${codes})`], example: line });
  }
  out.push(...section("renamed", renamed.length, foldGroups(renames)));

  out.push(
    ...section(
      "flattened",
      flattened.length,
      flattened.map((t) => `${INDENT}${where(t)}  root ${t.flattened!.keyword}: ${t.flattened!.lostConstraint ?? "nothing lost"}`),
    ),
  );

  const byCode = new Map<string, Finding[]>();
  for (const t of snapshot.tools) for (const w of t.warnings) byCode.set(w.code, [...(byCode.get(w.code) ?? []), w]);
  const warnings = new Map<string, Group>();
  for (const t of snapshot.tools) {
    for (const w of t.warnings) {
      addTo(warnings, w.code, { head: w.code, note: sharedFix(byCode.get(w.code)!) }, {
        lines: [`${INDENT}${where(t)}  ${findingLine(w)}`],
        example: `${where(t)}  ${findingDetail(w)}`,
      });
    }
  }
  out.push(...section("warnings", warningCount, foldGroups(warnings)));

  const skips = new Map<string, Group>();
  for (const { tool, check } of skipped) {
    addTo(skips, check.message, { head: check.message }, { lines: [`${INDENT}${where(tool)}  ${check.message}`], example: where(tool) });
  }
  out.push(...section("checks skipped", skipped.length, foldGroups(skips)));
  return out.join("\n");
}
