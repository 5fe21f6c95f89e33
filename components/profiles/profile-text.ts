/** Profiles in words: what a profile saves against all servers, and where a problem of mcp-fleet.json sits. Pure. */
import { formatNumber, formatShare } from "@/components/cost/cost-rows";
import type { ProfilesProblem } from "@/lib/profiles/profiles-file";

/** `saves 120 tokens up front (36.6%)` against the whole fleet's `whole`, or what it adds when it costs more. */
export function savingsText(cost: number, whole: number): string {
  const saved = whole - cost;
  if (saved === 0) return "as much as all servers";
  const share = whole > 0 ? ` (${formatShare(Math.abs(saved) / whole)})` : "";
  return saved > 0 ? `saves ${formatNumber(saved)} tokens up front${share}` : `${formatNumber(-saved)} tokens more than all servers${share}`;
}

/** `/p/mcp-fleet.json:5:49` for a problem with a place, else the file alone. */
export function problemPlace(file: string, problem: Pick<ProfilesProblem, "line" | "column">): string {
  return problem.line ? `${file}:${problem.line}:${problem.column ?? 1}` : file;
}
