"use client";
/**
 * The /profiles page (docs/profiles.md): every profile of mcp-fleet.json with its own fleet and cost for
 * the chosen client, the file's problems at file:line:column, the whole fleet to compare with, and the
 * suggestions that remove every collision with the tokens each saves.
 */
import { useEffect } from "react";
import { HashCell } from "@/components/cells/hash-cell";
import { ClientChoice } from "@/components/cost/client-choice";
import { formatNumber } from "@/components/cost/cost-rows";
import { TokenMethodLine } from "@/components/cost/token-method-badge";
import { useCostParams } from "@/components/cost/use-cost";
import { PageHeader } from "@/components/layout/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ReloadIcon } from "@/components/ui/icons";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import type { ProfilesView as View } from "@/lib/profiles/overview";
import { useFleetStore, useFleetStoreShallow } from "@/lib/store/hooks";
import { count } from "@/lib/text/count";
import { CodeList } from "./code-list";
import { ProfileCard } from "./profile-card";
import { problemPlace } from "./profile-text";
import styles from "./profiles.module.css";
import { SuggestionList } from "./suggestion-list";

function Problems({ view }: { view: View }) {
  if (view.problems.length === 0) return null;
  return (
    <section aria-labelledby="problems-heading" className="panel">
      <h2 id="problems-heading" className={styles.sectionHeading}>
        {count(view.problems.length, "problem")} in mcp-fleet.json
      </h2>
      <ul className={styles.problems} data-testid="profiles-problems">
        {view.problems.map((p, i) => (
          <li key={i} className={styles.problem} data-code={p.code}>
            <code>{problemPlace(view.file, p)}</code>
            <Badge tone={p.severity === "error" ? "bad" : "warn"}>{p.severity}</Badge>
            <span>{p.message}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function WholeFleet({ view }: { view: View }) {
  const estimate = view.tokens.kind === "estimate" ? " (estimate)" : "";
  return (
    <section className="panel" aria-labelledby="fleet-heading" data-testid="profiles-fleet">
      <h2 id="fleet-heading" className={styles.sectionHeading}>
        All servers
      </h2>
      <dl className="kv">
        <dt>Servers</dt>
        <dd>{view.fleet.servers.length ? <CodeList names={view.fleet.servers} /> : "none"}</dd>
        <dt>Tools</dt>
        <dd>{count(view.fleet.tools, "tool")} exposed</dd>
        <dt>Collisions</dt>
        <dd>{view.fleet.collisions.length ? <CodeList names={view.fleet.collisions} /> : "none"}</dd>
        <dt>Cost</dt>
        <dd>
          {formatNumber(view.fleet.cost.upFront)} tokens up front{estimate}, {formatNumber(view.fleet.cost.loaded)} with every tool loaded
        </dd>
        <dt>Fleet hash</dt>
        <dd>
          <HashCell hash={view.fleet.fleetHash} label="fleet hash of all servers" />
        </dd>
      </dl>
    </section>
  );
}

export function ProfilesView() {
  const { client, profile } = useCostParams();
  const s = useFleetStoreShallow((st) => ({ view: st.profiles, status: st.profilesStatus, error: st.profilesError, load: st.loadProfiles }));
  const version = useFleetStore((st) => st.fleet?.version ?? null);
  const { load } = s;
  useEffect(() => {
    void load(client);
  }, [load, client, version]);
  // The nav's switch may have loaded another client's costs: shown dimmed until this client's arrive.
  const view = s.view;
  const stale = view !== null && view.client !== client;
  return (
    <>
      <PageHeader
        title="Profiles"
        description="Named sets of servers for one kind of task, kept in mcp-fleet.json beside the config: each has its own collisions, exposed names, fleet hash and context cost."
        actions={
          <>
            <ClientChoice value={client} />
            <Button size="sm" onClick={() => void load(client)} aria-label="Read mcp-fleet.json again">
              <ReloadIcon /> Reload
            </Button>
          </>
        }
      />
      {s.status === "error" && s.error ? <ErrorState error={s.error} title="Could not read the profiles" /> : null}
      {!view ? (
        s.status !== "error" ? <LoadingState label="Reading mcp-fleet.json…" /> : null
      ) : (
        <div className={`stack${stale ? " muted" : ""}`} aria-busy={stale} data-testid="profiles-page">
          <p className="muted" data-testid="profiles-file">
            {view.exists ? "From " : "No profiles file yet at "}
            <code>{view.file}</code>
            {view.exists ? `: ${count(view.profiles.length, "profile")}.` : "."} Choose one in the navigation to see the cost bar and the /cost page for its servers alone.
          </p>
          <Problems view={view} />
          <TokenMethodLine method={view.tokens} />
          <section aria-labelledby="profiles-heading">
            <h2 id="profiles-heading">Profiles</h2>
            {view.profiles.length === 0 ? (
              <EmptyState title="No profile yet">
                Make one with <code>mcp-fleet profiles set review github linear</code> in the project&apos;s folder (or add <code>--config</code> with its config), or
                take a suggestion below.
              </EmptyState>
            ) : (
              <div className={styles.cards}>
                {view.profiles.map((p) => (
                  <ProfileCard key={p.name} profile={p} view={view} client={client} chosen={p.name === profile} />
                ))}
              </div>
            )}
          </section>
          <WholeFleet view={view} />
          <section aria-labelledby="suggestions-heading">
            <h2 id="suggestions-heading">Suggestions: profiles with no collision</h2>
            <p className="muted">
              Each is a largest set of servers in which no tool name collides: adding any other server brings a collision back. Savings are up front, against all
              servers.
            </p>
            <SuggestionList view={view} />
          </section>
        </div>
      )}
    </>
  );
}
