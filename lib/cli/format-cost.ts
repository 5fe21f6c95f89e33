/**
 * A cost report as text for `mcp-fleet cost`: the client, how tokens were counted and which loading
 * applies first, then the totals (up front and in full), one line per server with its share, and the
 * heaviest tools and descriptions with their share of the tools in full.
 */
import type { CostReport, TextSize } from "@/lib/cost";
import { shortHash } from "@/lib/schema/hash";
import { count } from "@/lib/text/count";

const n = (value: number) => value.toLocaleString("en");
const pct = (share: number) => `${(share * 100).toFixed(1)}%`;
const size = (s: TextSize) => `${n(s.tokens)} tokens (${n(s.chars)} characters, ${n(s.bytes)} bytes)`;

function table(rows: string[][], right: number[]): string[] {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => `  ${r.map((cell, i) => (right.includes(i) ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join("  ")}`.trimEnd());
}

export function formatCostReport(report: CostReport): string {
  const { total } = report;
  const lines = [
    `${report.client.label}${report.profile ? `, profile ${report.profile}` : ""}: ${count(report.tools.length, "tool")}, fleet hash ${shortHash(report.fleetHash)}`,
    `tokens: ${report.tokens.about}`,
    `applies: ${report.loading.applies === "loaded" ? "every tool in full" : "deferred (names up front)"}: ${report.loading.reason}`,
    "",
    `up front: ${size(total.upFront)}`,
    `in full:  ${size(total.loaded)}`,
  ];
  if (total.deferred) {
    const d = total.deferred;
    lines.push(
      `deferred: ${n(d.total.tokens)} tokens up front: the names ${n(d.announcement.tokens)}, always-load tools ${n(d.alwaysLoaded.tokens)}; ToolSearch and its placeholder ${n(d.toolSearch.tokens)} more, sent for the built-in tools too`,
    );
  }
  lines.push("", "servers");
  const servers = [...report.servers].sort((a, b) => b.upFront.tokens - a.upFront.tokens || (a.serverId < b.serverId ? -1 : 1));
  lines.push(
    ...table(
      [
        ["server", "tools", "up front", "in full", "share"],
        ...servers.map((s) => [s.serverId, String(s.tools), n(s.upFront.tokens), n(s.loaded.tokens), pct(s.share)]),
        ["total", String(report.tools.length), n(total.upFront.tokens), n(total.loaded.tokens), ""],
      ],
      [1, 2, 3, 4],
    ),
  );
  for (const [title, items] of [
    ["heaviest tools (share of the tools in full)", report.heaviest.tools],
    ["heaviest descriptions (share of the tools in full)", report.heaviest.descriptions],
  ] as const) {
    lines.push("", title);
    if (items.length === 0) lines.push("  none");
    else lines.push(...table(items.map((t) => [t.name, `${n(t.tokens)} tokens`, pct(t.share)]), [1, 2]));
  }
  lines.push("", ...report.notes.map((note) => `note: ${note}`));
  return lines.join("\n");
}
