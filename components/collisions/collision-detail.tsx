"use client";
/**
 * One collision group expanded: its members side by side (original and tagged descriptions, schema
 * hashes) and the structural diff of each member's schema against the first member's.
 */
import { HashCell } from "@/components/cells/hash-cell";
import { ServerBadge } from "@/components/cells/server-badge";
import { ToolName } from "@/components/cells/tool-name";
import { SchemaDiffSummary } from "@/components/schema/schema-diff-summary";
import { diffSchemas } from "@/lib/schema/diff";
import { count } from "@/lib/text/count";
import type { CollisionGroup, SnapshotTool } from "@/lib/reconcile/types";

export function CollisionDetail({ group, tools }: { group: CollisionGroup; tools: Map<string, SnapshotTool> }) {
  const members = group.members.map((m) => ({ member: m, tool: tools.get(`${m.serverId}:${group.name}`) }));
  const base = members[0];
  return (
    <div className="stack" data-testid={`collision-detail-${group.name}`}>
      <div className="grid-2">
        {members.map(({ member, tool }) => (
          <div key={member.serverId} className="panel stack" data-member={member.serverId}>
            <div className="row">
              <ServerBadge id={member.serverId} />
              <ToolName name={member.exposedName} serverId={member.serverId} originalName={group.name} />
            </div>
            <dl className="kv">
              <dt>Schema hash</dt>
              <dd><HashCell hash={member.schemaHash} label={`schema hash of ${member.serverId}`} /></dd>
              <dt>Original description</dt>
              <dd>{tool ? tool.originalDescription || <span className="muted">(none)</span> : <span className="muted">(tool not in the snapshot)</span>}</dd>
              <dt>Tagged description</dt>
              <dd>{tool ? tool.description || <span className="muted">(none)</span> : "—"}</dd>
            </dl>
          </div>
        ))}
      </div>
      {group.kind === "identical" ? (
        <p className="muted">Every member has the same schema hash: often the same server registered twice.</p>
      ) : (
        members.slice(1).map(({ member, tool }) => {
          const before = base.tool?.originalInputSchema;
          const after = tool?.originalInputSchema;
          const changes = diffSchemas(before, after);
          return (
            <div key={member.serverId} className="panel" data-testid={`schema-diff-${base.member.serverId}-${member.serverId}`}>
              <h3 style={{ marginTop: 0 }}>
                Schema: {base.member.serverId} vs {member.serverId}
              </h3>
              <SchemaDiffSummary before={before} after={after} beforeLabel={base.member.serverId} afterLabel={member.serverId} />
              {changes.length ? (
                <details>
                  <summary>{count(changes.length, "structural difference")}</summary>
                  <ul className="mono">
                    {changes.map((c) => (
                      <li key={`${c.kind}${c.path}`} className={`diff-${c.kind}`}>
                        {c.kind} <code>{c.path || "/"}</code>
                        {c.kind !== "added" ? <> {base.member.serverId}: <code>{JSON.stringify(c.before)}</code></> : null}
                        {c.kind !== "removed" ? <> {member.serverId}: <code>{JSON.stringify(c.after)}</code></> : null}
                      </li>
                    ))}
                  </ul>
                </details>
              ) : null}
            </div>
          );
        })
      )}
    </div>
  );
}
