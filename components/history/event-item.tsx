/** One drift event in a list: when, what, which tool, and the hashes or names that changed. */
import type { ReactNode } from "react";
import Link from "next/link";
import { HashCell } from "@/components/cells/hash-cell";
import type { DriftEvent } from "@/lib/history/types";
import { KindBadge } from "./kind-badge";
import styles from "./history.module.css";

function change(before: string | null | undefined, after: string | null | undefined, label: string) {
  return (
    <span className="row">
      <HashCell hash={before} label={`${label} before`} /> → <HashCell hash={after} label={`${label} after`} />
    </span>
  );
}

export function EventDetail({ event }: { event: DriftEvent }) {
  const d = event.details;
  switch (event.kind) {
    case "schema-changed":
      return change(d.before?.schemaHash, d.after?.schemaHash, "schema hash");
    case "description-changed":
      return change(d.before?.descriptionHash, d.after?.descriptionHash, "description hash");
    case "annotations-changed":
      return change(d.before?.annotationsHash, d.after?.annotationsHash, "annotations hash");
    case "renamed":
      return <span className="muted">was <code>{d.previousName}</code>, same schema</span>;
    case "collision-appeared":
    case "collision-gone":
      return <span className="muted">with {d.collidesWith?.join(", ")}</span>;
    case "added":
      return <HashCell hash={d.after?.schemaHash} label="schema hash" />;
    default:
      return null;
  }
}

export function toolHref(serverId: string, toolName: string): string {
  return `/tools/${encodeURIComponent(serverId)}/${encodeURIComponent(toolName)}`;
}

export function EventItem({ event, showServer = false, actions }: { event: DriftEvent; showServer?: boolean; actions?: ReactNode }) {
  return (
    <li className={styles.event} data-testid="history-event" data-kind={event.kind} data-server={event.serverId} data-tool={event.toolName}>
      <span className={styles.time} title={event.time}>
        {event.time.slice(11, 16)}
      </span>
      <KindBadge kind={event.kind} />
      {showServer ? <code className="muted">{event.serverId}</code> : null}
      {event.kind === "removed" ? (
        <code className="tool-name">{event.toolName}</code>
      ) : (
        <Link href={toolHref(event.serverId, event.toolName)} prefetch={false} className="tool-name">
          <code>{event.toolName}</code>
        </Link>
      )}
      <EventDetail event={event} />
      {actions ? <span className="grow" /> : null}
      {actions}
    </li>
  );
}
