/**
 * Suggestions from MCP tool annotations (docs/permissions.md: reads allow, writes ask). Only ever
 * shown for the user to accept; never applied on their own. Annotations are hints from the server,
 * so anything short of `readOnlyHint: true` suggests ask.
 */
import type { PermissionTool, Suggestion } from "./types";

export function suggestDecision(tool: Pick<PermissionTool, "annotations">): Suggestion {
  const a = tool.annotations;
  if (a?.readOnlyHint === true) return { decision: "allow", because: "readOnlyHint: true" };
  if (a?.destructiveHint === true) return { decision: "ask", because: "destructiveHint: true" };
  if (a?.destructiveHint === false) return { decision: "ask", because: "not read-only (destructiveHint: false)" };
  if (a && Object.keys(a).some((key) => key !== "title")) return { decision: "ask", because: "destructiveHint unset: may destroy" };
  return { decision: "ask", because: "no annotations: nothing known" };
}
