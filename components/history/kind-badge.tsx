/** A drift kind as a badge: the same kind reads the same on /history, /review and the tool view. */
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { DRIFT_KIND_LABELS, type DriftKind } from "@/lib/history/types";

export const KIND_TONES: Record<DriftKind, BadgeTone> = {
  added: "good",
  removed: "bad",
  renamed: "info",
  "schema-changed": "warn",
  "description-changed": "info",
  "annotations-changed": "neutral",
  "collision-appeared": "warn",
  "collision-gone": "good",
  excluded: "bad",
  included: "good",
};

export function KindBadge({ kind }: { kind: DriftKind }) {
  return (
    <Badge tone={KIND_TONES[kind] ?? "neutral"} data-kind={kind}>
      {DRIFT_KIND_LABELS[kind] ?? kind}
    </Badge>
  );
}
