"use client";
/**
 * The client switch: which client's view a page shows (Claude Code 2.1.328, Claude Code before 2.1.195,
 * Codex 0.169.0, the Agent SDK host). Each choice names its version; the choice lives in the URL and is
 * kept as a preference (lib/store/use-client-choice.ts).
 */
import { SegmentedControl } from "@/components/ui/segmented-control";
import { CLIENT_CHOICES, CLIENT_CHOICE_LIST, type ClientChoice } from "@/lib/clients/choices";

/** Short enough for a switch, with the version: the full label is the title. */
export const CLIENT_SHORT_LABELS: Record<ClientChoice, string> = {
  "claude-code": "Claude Code 2.1.328",
  "claude-code@2.1.194": "Claude Code < 2.1.195",
  codex: "Codex 0.169.0",
  "agent-sdk": "Agent SDK host",
};

export function ClientSwitch({ value, onChange }: { value: ClientChoice; onChange: (client: ClientChoice) => void }) {
  return (
    <span data-testid="client-switch" data-client={value}>
      <SegmentedControl<ClientChoice>
        label="Client"
        value={value}
        options={CLIENT_CHOICE_LIST.map((choice) => ({ value: choice, label: <span title={CLIENT_CHOICES[choice].label}>{CLIENT_SHORT_LABELS[choice]}</span> }))}
        onChange={onChange}
      />
    </span>
  );
}
