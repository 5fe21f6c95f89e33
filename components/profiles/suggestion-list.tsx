"use client";
/**
 * Profiles that remove every collision (docs/profiles.md "Suggestions"): the servers each keeps and leaves
 * out, whose tool it keeps for every colliding name, the up-front tokens it saves against the whole fleet,
 * and the command that makes it a profile.
 */
import { ServerBadge } from "@/components/cells/server-badge";
import { formatNumber } from "@/components/cost/cost-rows";
import { CopyButton } from "@/components/ui/copy-button";
import { EmptyState } from "@/components/ui/states";
import type { ProfilesView } from "@/lib/profiles/overview";
import { count } from "@/lib/text/count";
import { CodeList } from "./code-list";
import { savingsText } from "./profile-text";
import styles from "./profiles.module.css";

export function SuggestionList({ view }: { view: ProfilesView }) {
  if (view.suggestions.length === 0) {
    return (
      <EmptyState title="Nothing to suggest">
        {view.fleet.collisions.length === 0 ? "No tool name collides in the whole fleet, so every server fits in one profile." : "No set of servers removes every collision."}
      </EmptyState>
    );
  }
  const unit = view.tokens.kind === "estimate" ? "tokens (estimate)" : "tokens";
  return (
    <div className={styles.cards}>
      {view.suggestions.map((s, i) => {
        const command = `mcp-fleet profiles set ${s.name} ${s.servers.join(" ")}`;
        const headingId = `suggestion-${i}-heading`;
        return (
          <article key={s.servers.join(",")} className={`panel ${styles.card}`} aria-labelledby={headingId} data-testid={`suggestion-${i}`}>
            <div className={styles.cardHead}>
              <h3 id={headingId}>{s.name}</h3>
              <span className="muted">
                {count(s.servers.length, "server")}, {count(s.tools, "tool")}
              </span>
            </div>
            <div className="badge-row" aria-label={`Servers of ${s.name}`}>
              {s.servers.map((id) => (
                <ServerBadge key={id} id={id} />
              ))}
            </div>
            {s.saves ? (
              <p data-testid={`suggestion-${i}-saves`} data-saves={s.saves.tokens}>
                <strong>{savingsText(s.saves.of - s.saves.tokens, s.saves.of)}</strong>{" "}
                <span className="muted">
                  ({formatNumber(s.saves.of - s.saves.tokens)} of {formatNumber(s.saves.of)} {unit})
                </span>
              </p>
            ) : null}
            <dl className="kv">
              <dt>Leaves out</dt>
              <dd>{s.leftOut.length ? <CodeList names={s.leftOut} /> : <span className="muted">nothing</span>}</dd>
              <dt>Keeps</dt>
              <dd>
                <ul className={styles.keeps}>
                  {s.keeps.map((k) => (
                    <li key={k.name}>
                      <code>{k.name}</code> {k.serverId ? <>from {k.serverId}</> : <span className="muted">from none of its servers</span>}
                    </li>
                  ))}
                </ul>
              </dd>
            </dl>
            <div className={styles.command}>
              <code>{command}</code>
              <CopyButton value={command} label={`Copy the command that makes ${s.name} a profile`} />
            </div>
          </article>
        );
      })}
    </div>
  );
}
