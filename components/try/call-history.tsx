"use client";
/**
 * This session's calls of one tool, newest first (kept in the dashboard's memory only): when, under which
 * client, how it ended and how long it took; choosing one shows its three JSONs.
 */
import { Badge } from "@/components/ui/badge";
import type { CallRecord } from "@/lib/calls/types";
import { count } from "@/lib/text/count";
import { STATUS_LABEL, STATUS_TONE } from "./call-view";
import styles from "./try.module.css";

export function CallHistory({ calls, selected, onSelect }: { calls: CallRecord[]; selected: string | null; onSelect: (id: string) => void }) {
  if (calls.length === 0) return <p className="muted">No calls of this tool yet in this session.</p>;
  return (
    <table className={styles.history} aria-label="Calls of this tool in this session" data-testid="call-history">
      <caption className="sr-only">{count(calls.length, "call")}, newest first</caption>
      <thead>
        <tr>
          <th scope="col">time</th>
          <th scope="col">client</th>
          <th scope="col">name</th>
          <th scope="col">ended</th>
          <th scope="col">took</th>
          <th scope="col">summary</th>
        </tr>
      </thead>
      <tbody>
        {calls.map((call) => (
          <tr key={call.id} aria-selected={call.id === selected} data-testid="call-history-row" data-call-id={call.id} data-status={call.status}>
            <td className="tabular">
              <button type="button" className={styles.rowButton} onClick={() => onSelect(call.id)} aria-label={`Show the call made at ${call.startedAt}`}>
                {call.startedAt.slice(11, 19)}
              </button>
            </td>
            <td>{call.clientLabel}</td>
            <td>
              <code>{call.name}</code>
            </td>
            <td>
              <Badge tone={STATUS_TONE[call.status]}>{STATUS_LABEL[call.status]}</Badge>
            </td>
            <td className="tabular">{call.durationMs === null ? "…" : `${call.durationMs} ms`}</td>
            <td className="muted">{call.summary}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
