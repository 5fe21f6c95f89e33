"use client";
/**
 * The fleet at a glance: servers ready / failing, tools, collision groups, excluded tools, warnings, the
 * fleet hash; then each client in one line: what it sends, what it weighs, which servers it loses whole.
 */
import { HashCell } from "@/components/cells/hash-cell";
import { formatBytes } from "@/components/tools/tools-columns";
import { Badge } from "@/components/ui/badge";
import { CLIENT_CHOICE_LIST } from "@/lib/clients/choices";
import type { FleetIndex } from "@/lib/server/page-state";
import { count, plural } from "@/lib/text/count";

export function summarizeFleet(fleet: FleetIndex) {
  const servers = fleet.servers;
  const tools = fleet.tools;
  return {
    ready: servers.filter((s) => s.status === "ready").length,
    failing: servers.filter((s) => s.status === "error").length,
    servers: servers.length,
    tools: tools.length,
    exposed: tools.filter((t) => t.exposedName !== null).length,
    collisionGroups: fleet.collisions.length,
    excluded: tools.filter((t) => t.exposedName === null).length,
    warnings: tools.reduce((n, t) => n + (t.warnings ?? 0), 0),
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

/** Each client's view in one row: the client and its version, tools sent, bytes, servers lost whole. */
function ClientsPanel({ fleet }: { fleet: FleetIndex }) {
  return (
    <table className="matrix" style={{ width: "100%", textAlign: "left" }} aria-label="What each client sends" data-testid="clients-summary">
      <thead>
        <tr>
          <th scope="col">Client</th>
          <th scope="col">Sends</th>
          <th scope="col">Per request</th>
          <th scope="col">Servers lost whole</th>
          <th scope="col">Fleet hash</th>
        </tr>
      </thead>
      <tbody>
        {CLIENT_CHOICE_LIST.map((choice) => {
          const c = fleet.clients[choice];
          const lost = c.servers.filter((s) => s.lost && s.status === "ready");
          return (
            <tr key={choice} data-client={choice}>
              <th scope="row">{c.client.label}</th>
              <td className="tabular">
                {c.sent} of {count(c.listed, "tool")}
              </td>
              <td className="tabular">{formatBytes(c.bytes)}</td>
              <td>{lost.length ? lost.map((s) => <Badge key={s.serverId} tone="bad" title={s.lost!.message}>{s.serverId}</Badge>) : <span className="muted">none</span>}</td>
              <td style={{ textAlign: "left" }}>
                <HashCell hash={c.fleetHash} label={`${c.client.label} fleet hash`} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function FleetSummary({ fleet }: { fleet: FleetIndex }) {
  const s = summarizeFleet(fleet);
  return (
    <section aria-labelledby="summary-heading" className="stack">
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
        <HashCell hash={fleet.fleetHash} label="fleet hash" />
        <span className="muted">
          A prompt-cache key: it changes exactly when what the model sees (exposed names, final descriptions and schemas) changes.
        </span>
      </div>
      <ClientsPanel fleet={fleet} />
    </section>
  );
}
