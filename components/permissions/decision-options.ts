/** The decisions as option lists (shadcn tasks pattern): cells, filters and bulk buttons read the same labels and tones. */
import type { BadgeTone } from "@/components/ui/badge";
import type { RuleDecision } from "@/lib/permissions";

export interface DecisionOption {
  value: RuleDecision;
  label: string;
  tone: BadgeTone;
  hint: string;
}

export const decisionOptions: DecisionOption[] = [
  { value: "allow", label: "Allow", tone: "good", hint: "Runs without asking." },
  { value: "ask", label: "Ask", tone: "warn", hint: "Asks before each call." },
  { value: "deny", label: "Deny", tone: "bad", hint: "Never runs; Claude Code removes it from context." },
  { value: "none", label: "None", tone: "neutral", hint: "No rule of ours: other rules, or Claude Code's default (ask)." },
];

export function decisionOption(value: RuleDecision): DecisionOption {
  return decisionOptions.find((o) => o.value === value) ?? decisionOptions[3];
}
