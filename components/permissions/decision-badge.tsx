/** A decision as a badge, the same tone on every row and panel. */
import { Badge } from "@/components/ui/badge";
import type { RuleDecision } from "@/lib/permissions";
import { decisionOption } from "./decision-options";

export function DecisionBadge({ decision, title }: { decision: RuleDecision; title?: string }) {
  const option = decisionOption(decision);
  return (
    <Badge tone={option.tone} title={title ?? option.hint} data-decision={decision}>
      {option.label}
    </Badge>
  );
}
