"use client";
/** The fleet at a glance: servers ready / failing, tools, collision groups, excluded tools, warnings, the fleet hash. */
import { HashCell } from "@/components/cells/hash-cell";
import type { FleetState } from "@/lib/fleet/types";
import { plural } from "@/lib/text/count";

export function summarizeFleet(fleet: FleetState) {
  const servers = fleet.servers;
  const tools = fleet.snapshot.tools;
  return {
    ready: servers.filter((s) => s.status === "ready").length,
    failing: servers.filter((s) => s.status === "error").length,
    servers: servers.length,
    tools: tools.length,
    exposed: tools.filter((t) => t.exposedName !== null).length,
    collisionGroups: fleet.snapshot.collisions.length,
    excluded: tools.filter((t) => t.excluded !== null).length,
    warnings: tools.reduce((n, t) => n + t.warnings.length, 0),
  };
}

function Card({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <div className="card" data-testid={testId}>
      <div className="card-value">{value}</div>
      <div className="card-label">{label}</div>
    </div>
  );
}

export function FleetSummary({ fleet }: { fleet: FleetState }) {
  const s = summarizeFleet(fleet);
  return (
    <section aria-labelledby="summary-heading">
      <h2 id="summary-heading" className="sr-only">Summary</h2>
      <div className="cards">
        <Card testId="summary-ready" label={`${plural(s.ready, "server")} ready (of ${s.servers})`} value={s.ready} />
        <Card testId="summary-failing" label={`${plural(s.failing, "server")} failing`} value={s.failing} />
        <Card testId="summary-tools" label={`${plural(s.tools, "tool")} (${s.exposed} exposed)`} value={s.tools} />
        <Card testId="summary-collisions" label={plural(s.collisionGroups, "collision group")} value={s.collisionGroups} />
        <Card testId="summary-excluded" label={`excluded ${plural(s.excluded, "tool")}`} value={s.excluded} />
        <Card testId="summary-warnings" label={plural(s.warnings, "warning")} value={s.warnings} />
      </div>
      <div className="panel row" data-testid="fleet-hash">
        <strong>Fleet hash</strong>
        <HashCell hash={fleet.snapshot.fleetHash} label="fleet hash" />
        <span className="muted">
          A prompt-cache key: it changes exactly when what the model sees (exposed names, final descriptions and schemas) changes.
        </span>
      </div>
    </section>
  );
}
