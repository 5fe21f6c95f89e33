"use client";
/**
 * One profile of mcp-fleet.json (docs/profiles.md "What a profile has of its own"): its servers (an id no
 * config defines flagged), its own collisions and the ones it resolves, its fleet hash, and what it costs
 * up front against the whole fleet; linked to its cost page.
 */
import Link from "next/link";
import { HashCell } from "@/components/cells/hash-cell";
import { ServerBadge } from "@/components/cells/server-badge";
import { costHref, type CostClient } from "@/components/cost/cost-client";
import { formatNumber } from "@/components/cost/cost-rows";
import { Badge } from "@/components/ui/badge";
import type { ProfileCostSummary, ProfilesView } from "@/lib/profiles/overview";
import { count, plural } from "@/lib/text/count";
import { CodeList } from "./code-list";
import { savingsText } from "./profile-text";
import styles from "./profiles.module.css";

function Figure({ value, label }: { value: string; label: string }) {
  return (
    <div className={styles.figure}>
      <span className={styles.figureValue}>{value}</span>
      <span className={styles.figureLabel}>{label}</span>
    </div>
  );
}

export function ProfileCard({ profile, view, client, chosen }: { profile: ProfileCostSummary; view: ProfilesView; client: CostClient; chosen: boolean }) {
  const headingId = `profile-${profile.name}-heading`;
  const estimate = view.tokens.kind === "estimate" ? " (estimate)" : "";
  return (
    <article className={`panel ${styles.card}`} aria-labelledby={headingId} data-testid={`profile-${profile.name}`}>
      <div className={styles.cardHead}>
        <h3 id={headingId}>{profile.name}</h3>
        {chosen ? <Badge tone="accent">chosen</Badge> : null}
        {profile.description ? <span className="muted">{profile.description}</span> : null}
        <span className="grow" />
        <Link href={costHref(client, profile.name)} data-testid={`profile-${profile.name}-cost`}>
          Its cost →
        </Link>
      </div>
      <div className="badge-row" aria-label={`Servers of ${profile.name}`}>
        {profile.servers.map((id) =>
          profile.unknown.includes(id) ? (
            <Badge key={id} tone="warn" title={`${id}: no config of the fleet defines it`} data-unknown={id}>
              {id}: unknown
            </Badge>
          ) : (
            <ServerBadge key={id} id={id} />
          ),
        )}
      </div>
      <div className={styles.figures}>
        <Figure value={formatNumber(profile.cost.upFront)} label={`tokens up front${estimate}`} />
        <Figure value={formatNumber(profile.cost.loaded)} label="with every tool loaded" />
        <Figure value={String(profile.tools)} label={`${plural(profile.tools, "tool")} exposed`} />
        <Figure value={String(profile.collisions.length)} label={plural(profile.collisions.length, "collision")} />
      </div>
      <p className="muted" data-testid={`profile-${profile.name}-saves`}>
        {savingsText(profile.cost.upFront, view.fleet.cost.upFront)}, against {formatNumber(view.fleet.cost.upFront)} for all servers.
      </p>
      <dl className="kv">
        <dt>Collisions</dt>
        <dd data-testid={`profile-${profile.name}-collisions`}>
          {profile.collisions.length === 0 ? "none" : <CodeList names={profile.collisions} />}
        </dd>
        <dt>Resolves</dt>
        <dd data-testid={`profile-${profile.name}-resolved`}>
          {profile.resolved.length === 0 ? (
            <span className="muted">nothing the whole fleet has</span>
          ) : (
            <>
              <CodeList names={profile.resolved} />{" "}
              <span className="muted">({count(profile.resolved.length, "name")} colliding in the whole fleet, not here)</span>
            </>
          )}
        </dd>
        <dt>Fleet hash</dt>
        <dd>
          <HashCell hash={profile.fleetHash} label={`fleet hash of ${profile.name}`} />
        </dd>
      </dl>
    </article>
  );
}
