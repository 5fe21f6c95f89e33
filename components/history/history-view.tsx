"use client";
/**
 * `/history`: the timeline of drift events grouped by day and server, filterable by kind and
 * server (`?kind=a,b&server=x`, so a view can be shared), updated live by the `history` event.
 */
import { useEffect, useMemo, useState } from "react";
import { useSearchParams } from "next/navigation";
import { PageHeader } from "@/components/layout/page-header";
import { Button } from "@/components/ui/button";
import { CheckIcon } from "@/components/ui/icons";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { DRIFT_KINDS, DRIFT_KIND_LABELS, type DriftKind } from "@/lib/history/types";
import { useFleetStore, useFleetStoreShallow } from "@/lib/store/hooks";
import { setSearchParam } from "@/lib/store/use-url-state";
import { parseList } from "@/lib/store/url-state";
import { count } from "@/lib/text/count";
import { EventItem } from "./event-item";
import { groupEvents } from "./group-events";
import styles from "./history.module.css";

export function HistoryView() {
  const params = useSearchParams();
  const [kinds, setKinds] = useState<DriftKind[]>(() =>
    parseList(params.get("kind")).filter((k): k is DriftKind => (DRIFT_KINDS as readonly string[]).includes(k)),
  );
  const [server, setServer] = useState<string>(() => params.get("server") ?? "");
  const { events, status, error } = useFleetStoreShallow((s) => ({ events: s.historyEvents, status: s.historyStatus, error: s.historyError }));
  const loadHistory = useFleetStore((s) => s.loadHistory);
  const fleetServers = useFleetStoreShallow((s) => (s.fleet?.servers ?? []).map((x) => x.id));

  useEffect(() => {
    void loadHistory();
  }, [loadHistory]);

  const serverIds = useMemo(() => [...new Set([...fleetServers, ...events.map((e) => e.serverId)])].sort(), [fleetServers, events]);
  const shown = useMemo(
    () => events.filter((e) => (kinds.length === 0 || kinds.includes(e.kind)) && (!server || e.serverId === server)),
    [events, kinds, server],
  );
  const groups = useMemo(() => groupEvents(shown), [shown]);

  function toggleKind(kind: DriftKind) {
    const next = kinds.includes(kind) ? kinds.filter((k) => k !== kind) : [...kinds, kind].sort();
    setKinds(next);
    setSearchParam("kind", next.join(","));
  }
  function chooseServer(id: string) {
    setServer(id);
    setSearchParam("server", id || null);
  }

  return (
    <>
      <PageHeader
        title="History"
        description="Every change to every tool, as the fleet was observed: added, removed, renamed, schema, description and annotation drift, collisions and exclusions."
      />
      <div className="toolbar" role="group" aria-label="Filters">
        <label className="row">
          <span className="muted">Server</span>
          <select className="input" aria-label="Filter by server" value={server} onChange={(e) => chooseServer(e.target.value)}>
            <option value="">all servers</option>
            {serverIds.map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
          </select>
        </label>
        <div className={styles.chips} role="group" aria-label="Filter by kind">
          {DRIFT_KINDS.map((kind) => (
            <Button key={kind} size="sm" className={styles.chip} aria-pressed={kinds.includes(kind)} onClick={() => toggleKind(kind)}>
              {kinds.includes(kind) ? <CheckIcon /> : null}
              {DRIFT_KIND_LABELS[kind]}
            </Button>
          ))}
        </div>
        {kinds.length > 0 || server ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setKinds([]);
              setSearchParam("kind", null);
              chooseServer("");
            }}
          >
            Clear filters
          </Button>
        ) : null}
        <span className="grow" />
        <span className="muted tabular" data-testid="history-count">
          {shown.length} of {count(events.length, "event")}
        </span>
      </div>

      {status === "error" && error ? (
        <ErrorState error={error} title="Could not load the history" />
      ) : status !== "ready" && events.length === 0 ? (
        <LoadingState label="Loading the history…" />
      ) : groups.length === 0 ? (
        <EmptyState title={events.length ? "No event matches these filters" : "No changes recorded yet"}>
          {events.length
            ? "Clear a filter to see more."
            : "A server's first tool list is its baseline; changes after it show up here as they happen."}
        </EmptyState>
      ) : (
        <div data-testid="history-timeline">
          {groups.map((group) => (
            <section key={group.day} className={styles.day} aria-label={group.day}>
              <h2>{group.day}</h2>
              {group.servers.map(({ serverId, events: list }) => (
                <section key={serverId} className={styles.server} aria-label={`${group.day} ${serverId}`}>
                  <h3>
                    <code>{serverId}</code> <span className="muted">({list.length})</span>
                  </h3>
                  <ol className={styles.events}>
                    {list.map((event) => (
                      <EventItem key={event.id} event={event} />
                    ))}
                  </ol>
                </section>
              ))}
            </section>
          ))}
        </div>
      )}
    </>
  );
}
