"use client";
/**
 * One client across the fleet, in a few lines: which client at which version, how many tools it sends
 * and what they weigh in every request, the tokens they take and (Claude Code) whether the deferred or
 * the loaded cost applies, its fleet hash, every server it loses whole (naming the tool that causes
 * it), and the settings files that shaped its view.
 */
import Link from "next/link";
import { HashCell } from "@/components/cells/hash-cell";
import { COST_CLIENTS, costHref, type CostClient } from "@/components/cost/cost-client";
import { formatNumber } from "@/components/cost/cost-rows";
import { loadingSentence, tokensUnit } from "@/components/tools/tool-cost";
import { Badge } from "@/components/ui/badge";
import type { ClientChoice } from "@/lib/clients/choices";
import type { FleetIndex } from "@/lib/server/page-state";
import { formatBytes } from "@/components/tools/tools-columns";

export function ClientSummary({ fleet, client }: { fleet: FleetIndex; client: ClientChoice }) {
  const c = fleet.clients[client];
  const lost = c.servers.filter((s) => s.lost);
  return (
    <section className="panel stack" aria-label={`What ${c.client.label} sends`} data-testid="client-summary" data-client={client} style={{ gap: 6 }}>
      <div className="row">
        <strong data-testid="client-label">{c.client.label}</strong>
        <span data-testid="client-sent">
          sends {c.sent} of {c.listed} tools
        </span>
        <span className="muted">({formatBytes(c.bytes)} in every request)</span>
        <span className="grow" />
        <span className="muted">fleet hash</span>
        <HashCell hash={c.fleetHash} label={`${c.client.label} fleet hash`} />
      </div>
      <div className="row" data-testid="client-cost" data-applies={c.cost.loading.applies} data-tokens={c.cost.tokens}>
        <span>
          {formatNumber(c.cost.tokens)} {tokensUnit(c.cost)} with every tool in full
        </span>
        <span className="muted" title={c.cost.method.about}>
          {loadingSentence(c.cost)}
        </span>
        {(COST_CLIENTS as readonly string[]).includes(client) ? <Link href={costHref(client as CostClient, null)}>Cost per server and tool →</Link> : null}
      </div>
      {lost.map((s) => (
        <div key={s.serverId} className="row" data-testid="client-lost" data-server={s.serverId}>
          <Badge tone="bad">loses {s.serverId}</Badge>
          <span>{s.lost!.message}</span>
          <span className="muted mono" title="Where this behaviour is shown">
            {s.lost!.source}
          </span>
        </div>
      ))}
      {c.read.length > 0 || c.applied.length > 0 ? (
        <div className="muted" data-testid="client-settings">
          Settings read: {c.read.map((r) => `${r.label} (${r.exists ? r.took : "absent"})`).join(", ") || "none"}
          {c.applied.length > 0 ? <>; applied: {c.applied.map((a) => `${a.setting} (${a.file})`).join("; ")}</> : null}
        </div>
      ) : null}
    </section>
  );
}
