"use client";
/** Whether the event stream is open (changes arrive without reload) and which fleet version is shown. */
import { useFleetStoreShallow } from "@/lib/store/hooks";

const LABELS = { open: "Live", connecting: "Reconnecting…", closed: "Offline" } as const;

export function LiveIndicator() {
  const { stream, version, generatedAt } = useFleetStoreShallow((s) => ({
    stream: s.stream,
    version: s.fleet?.version,
    generatedAt: s.fleet?.generatedAt,
  }));
  return (
    <span
      className={`live live-${stream}`}
      role="status"
      aria-live="polite"
      data-testid="live-indicator"
      data-stream={stream}
      data-version={version ?? ""}
      title={generatedAt ? `Fleet version ${version}, produced ${generatedAt}` : "No fleet state yet"}
    >
      <span className="live-dot" aria-hidden="true" />
      {LABELS[stream]}
      {version !== undefined ? <span className="muted"> · v{version}</span> : null}
    </span>
  );
}
