/**
 * The flag on one of our rules that Claude Code would never reach (a deny or ask it checks first
 * matches every tool the rule does), shown in the editor as the rule is made, before it is saved.
 */
import { Badge } from "@/components/ui/badge";
import { WarningIcon } from "@/components/ui/icons";
import type { LintFinding } from "@/lib/permissions";

export function ShadowFlag({ finding, target }: { finding: LintFinding | undefined; target: string }) {
  if (!finding) return null;
  return (
    <Badge tone="warn" title={`Shadowed, Claude Code never gets to it: ${finding.message}`} data-testid={`shadowed-${target}`}>
      <WarningIcon /> shadowed
    </Badge>
  );
}
