/** A server id as a badge, colored by its status when known; the same server reads the same everywhere. */
import { Badge } from "@/components/ui/badge";
import type { ServerStatus } from "@/lib/reconcile/types";
import { optionOf, statusOptions } from "./options";

export function ServerBadge({ id, status }: { id: string; status?: ServerStatus }) {
  const option = status ? optionOf(statusOptions, status) : undefined;
  return (
    <Badge tone={option?.tone ?? "neutral"} className="server-badge" title={option ? `${id}: ${option.label}` : id} data-server={id}>
      {id}
    </Badge>
  );
}

export function StatusBadge({ status }: { status: ServerStatus }) {
  const option = optionOf(statusOptions, status);
  if (!option) return <Badge>{status}</Badge>;
  const Icon = option.icon;
  return (
    <Badge tone={option.tone} title={option.hint} data-status={status}>
      <Icon className={status === "connecting" ? "spin" : undefined} /> {option.label}
    </Badge>
  );
}
