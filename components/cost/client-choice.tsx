"use client";
/** The client whose view is costed: Claude Code, Codex or an Agent SDK host (each sends other text, so costs differ). */
import { SegmentedControl } from "@/components/ui/segmented-control";
import { COST_CLIENT_OPTIONS, type CostClient } from "./cost-client";
import { chooseCostClient } from "./use-cost";
import styles from "./cost.module.css";

export function ClientChoice({ value }: { value: CostClient }) {
  return (
    <span className={styles.choice}>
      <SegmentedControl<CostClient>
        label="Client"
        value={value}
        options={COST_CLIENT_OPTIONS.map((o) => ({ value: o.value, label: <span title={o.title}>{o.label}</span> }))}
        onChange={chooseCostClient}
      />
    </span>
  );
}
