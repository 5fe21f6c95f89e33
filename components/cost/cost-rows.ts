/**
 * A CostReport (docs/cost.md) as the rows the cost pages show: one row per tool with its share of the
 * tools in full, and one bar per server with its share of what the chosen measure costs (up front, or
 * every tool in full). Pure, so the shares are tested as tables.
 */
import type { CostReport } from "@/lib/cost/types";

export interface CostRow {
  /** `server:original`, the row id. */
  key: string;
  serverId: string;
  originalName: string;
  /** The name as this client sends it. */
  name: string;
  /** In full: the tool's whole entry. */
  tokens: number;
  chars: number;
  bytes: number;
  /** What it costs up front under the loading that applies (Claude Code deferred: its name line). */
  upFront: number;
  /** Claude Code sends it whole even when tools are deferred. */
  alwaysLoad: boolean;
  /** Its tokens in full over every tool's in full, 0..1 (the report's heaviest lists use the same). */
  share: number;
  descriptionTokens: number;
  descriptionChars: number;
  /** Its description over every tool's in full, 0..1. */
  descriptionShare: number;
  /** Its description over its own entry, 0..1. */
  descriptionOfTool: number;
}

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

export function costRows(report: CostReport): CostRow[] {
  const whole = report.total.loaded.tokens;
  return report.tools.map((t) => ({
    key: `${t.serverId}:${t.originalName}`,
    serverId: t.serverId,
    originalName: t.originalName,
    name: t.name,
    tokens: t.loaded.tokens,
    chars: t.loaded.chars,
    bytes: t.loaded.bytes,
    upFront: t.upFront.tokens,
    alwaysLoad: t.alwaysLoad,
    share: ratio(t.loaded.tokens, whole),
    descriptionTokens: t.description.tokens,
    descriptionChars: t.description.chars,
    descriptionShare: ratio(t.description.tokens, whole),
    descriptionOfTool: ratio(t.description.tokens, t.loaded.tokens),
  }));
}

/** Up front (what applies for the user's settings) or every tool in full. */
export type CostMeasure = "upFront" | "loaded";

export interface ServerBar {
  serverId: string;
  tools: number;
  tokens: number;
  /** Share of the whole measure (the total, framing and announcement included), 0..1. */
  share: number;
}

export interface ServerBars {
  bars: ServerBar[];
  /** The measure's total tokens. */
  total: number;
  /** Tokens in the total that belong to no server (Claude Code's announcement sentence, the array's brackets). */
  shared: number;
}

/** Per server, heaviest first (then by id): its tokens under the measure and its share of the total. */
export function serverBars(report: CostReport, measure: CostMeasure): ServerBars {
  const total = measure === "upFront" ? report.total.upFront.tokens : report.total.loaded.tokens;
  const bars = report.servers
    .map((s) => {
      const tokens = measure === "upFront" ? s.upFront.tokens : s.loaded.tokens;
      return { serverId: s.serverId, tools: s.tools, tokens, share: ratio(tokens, total) };
    })
    .sort((a, b) => b.tokens - a.tokens || (a.serverId < b.serverId ? -1 : a.serverId > b.serverId ? 1 : 0));
  const sum = bars.reduce((n, b) => n + b.tokens, 0);
  return { bars, total, shared: Math.max(0, total - sum) };
}

// One formatter for every call: toLocaleString makes a new one each time, and a table row shows several.
const NUMBER = new Intl.NumberFormat("en-US");

/** `1,234` */
export function formatNumber(value: number): string {
  return NUMBER.format(value);
}

/** `17.9%`; a share under 0.1% but above zero reads `<0.1%`, so a tool that costs something never shows 0. */
export function formatShare(share: number): string {
  if (share > 0 && share < 0.001) return "<0.1%";
  return `${(share * 100).toFixed(1)}%`;
}
