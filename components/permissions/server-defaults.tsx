"use client";
/** Server defaults: one bare `mcp__<server>` rule per server, a segmented control each. */
import { ServerBadge } from "@/components/cells/server-badge";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { ruleName, type LintFinding, type PermissionChange, type PermissionServerView, type RuleDecision } from "@/lib/permissions";
import { count } from "@/lib/text/count";
import { decisionOptions } from "./decision-options";
import { ShadowFlag } from "./shadow-flag";

export function ServerDefaults({
  servers,
  decisionOf,
  shadowed,
  edit,
}: {
  servers: PermissionServerView[];
  decisionOf: (serverId: string) => RuleDecision;
  /** Our rules that Claude Code never reaches, by rule name. */
  shadowed: ReadonlyMap<string, LintFinding>;
  edit: (changes: PermissionChange[]) => void;
}) {
  return (
    <section aria-labelledby="defaults-heading" className="panel stack">
      <h2 id="defaults-heading">Server defaults</h2>
      <p className="muted">
        A default is the bare <code>mcp__&lt;server&gt;</code> rule. Claude Code checks deny, then ask, then allow: a server-wide deny or ask wins over
        any tool&apos;s allow.
      </p>
      <dl className="kv">
        {servers.map((s) => (
          <div key={s.id} className="row" style={{ display: "contents" }}>
            <dt>
              <ServerBadge id={s.id} status={s.status} /> <span className="muted">{count(s.toolCount, "tool")}</span>
            </dt>
            <dd>
              <SegmentedControl<RuleDecision>
                label={`Default for ${s.id}`}
                value={decisionOf(s.id)}
                options={decisionOptions.map((o) => ({ value: o.value, label: o.label }))}
                onChange={(decision) => edit([{ serverId: s.id, toolName: null, decision }])}
              />{" "}
              <ShadowFlag finding={shadowed.get(ruleName(s.id, null))} target={s.id} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
