"use client";
/**
 * One tool in depth (`/tools/<server>/<tool>`): original vs final schema with differences
 * marked, the flattening sentence and the constraint the server must now check, every check result,
 * the three names with their length checks, annotations, and the description before and after
 * (with Claude Code's 2,048-character cut marked). An excluded tool is sent to no model: its page says
 * so and why, and shows its schema and description only as the server listed them.
 */
import Link from "next/link";
import { useMemo } from "react";
import { FlagBadges } from "@/components/cells/flag-badges";
import { HashCell } from "@/components/cells/hash-cell";
import { ServerBadge } from "@/components/cells/server-badge";
import { collidedKeys, toolFlags } from "@/components/cells/tool-flags";
import { FleetGate } from "@/components/layout/fleet-gate";
import { PageHeader } from "@/components/layout/page-header";
import { JsonView } from "@/components/schema/json-view";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { EmptyState } from "@/components/ui/states";
import type { FleetState } from "@/lib/fleet/types";
import type { CheckResult, Finding, SnapshotTool } from "@/lib/reconcile/types";
import { diffSchemas } from "@/lib/schema/diff";
import { count } from "@/lib/text/count";
import { DESCRIPTION_LIMIT, nameChecks, splitAtLimit } from "./description-cut";
import { ToolHistorySlot } from "./tool-history-slot";
import { TryIt } from "@/components/try/try-panel";

const CHECK_TONE: Record<CheckResult["status"], BadgeTone> = { pass: "good", fail: "bad", warn: "warn", skipped: "neutral" };

function Findings({ title, findings, tone }: { title: string; findings: Finding[]; tone: BadgeTone }) {
  if (findings.length === 0) return null;
  return (
    <section>
      <h3>{title}</h3>
      <ul className="stack" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {findings.map((f, i) => (
          <li key={`${f.code}-${i}`} className="panel row">
            <Badge tone={tone}>{f.code}</Badge>
            <span>{f.message}</span>
            {f.path ? <code className="muted">{f.path}</code> : null}
            {f.fix ? <span className="muted">Fix: {f.fix}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** An excluded tool: no model sees its name, description or schema, and the reasons why. */
function NotSent({ reasons }: { reasons: Finding[] }) {
  return (
    <div className="state state-error" role="note" data-testid="not-sent">
      <strong>Not sent to the model</strong>
      <div>
        The tool is excluded, so the model sees nothing of it: no name, no description, no schema. Why: {reasons.map((r) => r.message).join("; ")}.
      </div>
      <div className="muted">The schema below is only what the server listed; once the server fixes it, the tool is sent again.</div>
    </div>
  );
}

function Description({ label, text, testId }: { label: string; text: string; testId: string }) {
  const { kept, cut } = splitAtLimit(text);
  return (
    <div className="stack" data-testid={testId}>
      <div className="row">
        <strong>{label}</strong>
        <span className="muted tabular">{count(Array.from(text).length, "character")}</span>
        {cut ? <Badge tone="bad">over {DESCRIPTION_LIMIT.toLocaleString("en")}: Claude Code cuts it</Badge> : null}
      </div>
      {text ? (
        <pre>
          {kept}
          {cut ? (
            <mark className="cut-mark" title={`Claude Code cuts the description after ${DESCRIPTION_LIMIT} characters: this part is not seen`} data-testid="description-cut">
              {"✂ "}
              {cut}
            </mark>
          ) : null}
        </pre>
      ) : (
        <span className="muted">(no description)</span>
      )}
    </div>
  );
}

function Detail({ tool, fleet }: { tool: SnapshotTool; fleet: FleetState }) {
  const flags = useMemo(() => toolFlags(tool, collidedKeys(fleet.snapshot.collisions)), [tool, fleet.snapshot.collisions]);
  const changes = useMemo(() => diffSchemas(tool.originalInputSchema, tool.inputSchema), [tool]);
  const names = nameChecks(tool.originalName, tool.exposedName, tool.claudeCodeName);
  const status = fleet.servers.find((s) => s.id === tool.serverId)?.status;
  return (
    <div className="stack">
      <div className="row">
        <ServerBadge id={tool.serverId} status={status} />
        <FlagBadges flags={flags} />
        <span className="muted">schema</span>
        <HashCell hash={tool.schemaHash} label="schema hash" />
        <span className="muted">description</span>
        <HashCell hash={tool.descriptionHash} label="description hash" />
      </div>

      <section aria-labelledby="names-heading">
        <h2 id="names-heading">Names</h2>
        <table className="matrix" style={{ width: "100%", textAlign: "left" }} data-testid="tool-names">
          <thead>
            <tr><th scope="col">Name</th><th scope="col">Value</th><th scope="col">Length</th><th scope="col">Check</th></tr>
          </thead>
          <tbody>
            {names.map((n) => (
              <tr key={n.label} data-name-kind={n.label} data-ok={n.ok}>
                <th scope="row">{n.label}</th>
                <td style={{ textAlign: "left" }}>
                  {n.name === null ? <span className="muted">—</span> : <span className="row"><code>{n.name}</code><CopyButton value={n.name} label={`Copy the ${n.label.toLowerCase()} name`} /></span>}
                </td>
                <td className="tabular">{n.length}</td>
                <td style={{ textAlign: "left" }}>
                  <Badge tone={n.ok ? "good" : n.label === "Exposed" && n.name === null ? "bad" : "warn"}>{n.ok ? "ok" : "flagged"}</Badge> <span className="muted">{n.note}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      {tool.flattened ? (
        <section aria-labelledby="flatten-heading" className="panel" data-testid="flatten-info">
          <h2 id="flatten-heading" style={{ marginTop: 0 }}>Flattened root {tool.flattened.keyword}</h2>
          {tool.flattened.sentence ? (
            <p>
              Sentence added before the description: <q data-testid="flatten-sentence">{tool.flattened.sentence}</q>
            </p>
          ) : null}
          {tool.flattened.lostConstraint ? (
            <p data-testid="lost-constraint">
              <strong>The server must check:</strong> {tool.flattened.lostConstraint.replace(/^the server must check:\s*/i, "")}
            </p>
          ) : (
            <p className="muted">allOf loses nothing: the flat schema expresses the same constraint.</p>
          )}
        </section>
      ) : null}

      <Findings title="Excluded because" findings={tool.excluded?.reasons ?? []} tone="bad" />
      <Findings title="Renamed because" findings={tool.renamed?.reasons ?? []} tone="info" />
      <Findings title="Warnings" findings={tool.warnings} tone="warn" />

      {tool.excluded ? (
        <section aria-labelledby="schema-heading">
          <h2 id="schema-heading">Schema</h2>
          <NotSent reasons={tool.excluded.reasons} />
          <h3>What the server listed</h3>
          <JsonView value={tool.originalInputSchema} label="Original input schema" />
        </section>
      ) : (
        <section aria-labelledby="schema-heading">
          <h2 id="schema-heading">Schema: original and final</h2>
          <p className="muted">{changes.length === 0 ? "The final schema is the original: nothing was changed." : `${count(changes.length, "difference")}, marked on both sides.`}</p>
          <div className="side-by-side">
            <div>
              <h3>As the server lists it</h3>
              <JsonView value={tool.originalInputSchema} changes={changes} side="before" label="Original input schema" />
            </div>
            <div>
              <h3>What the model sees</h3>
              <JsonView value={tool.inputSchema} changes={changes} side="after" label="Final input schema" />
            </div>
          </div>
        </section>
      )}

      <TryIt serverId={tool.serverId} toolName={tool.originalName} />

      <section aria-labelledby="checks-heading">
        <h2 id="checks-heading">Checks</h2>
        {tool.checks.length === 0 ? (
          <EmptyState title="No checks recorded" />
        ) : (
          <ul className="stack" style={{ listStyle: "none", padding: 0, margin: 0 }} data-testid="tool-checks">
            {tool.checks.map((c, i) => (
              <li key={`${c.check}-${i}`} className="row" data-check={c.check} data-status={c.status}>
                <Badge tone={CHECK_TONE[c.status]}>{c.status}</Badge>
                <code>{c.check}</code>
                <span>{c.message}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="annotations-heading">
        <h2 id="annotations-heading">Annotations</h2>
        {tool.annotations && Object.keys(tool.annotations).length ? <JsonView value={tool.annotations} label="Annotations" /> : <p className="muted">None: clients treat the tool as possibly destructive (ask).</p>}
      </section>

      <section aria-labelledby="description-heading">
        {tool.excluded ? (
          <>
            <h2 id="description-heading">Description</h2>
            <Description label="What the server listed (not sent)" text={tool.originalDescription} testId="description-before" />
          </>
        ) : (
          <>
            <h2 id="description-heading">Description: before and after</h2>
            <div className="side-by-side">
              <Description label="As the server lists it" text={tool.originalDescription} testId="description-before" />
              <Description label="What the model sees" text={tool.description} testId="description-after" />
            </div>
          </>
        )}
      </section>

      <section aria-labelledby="history-heading">
        <h2 id="history-heading">Hash timeline</h2>
        <ToolHistorySlot serverId={tool.serverId} toolName={tool.originalName} />
      </section>
    </div>
  );
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export function findTool(fleet: FleetState, serverParam: string, toolParam: string): SnapshotTool | undefined {
  const candidates = (v: string) => [...new Set([v, safeDecode(v)])];
  for (const server of candidates(serverParam)) {
    for (const name of candidates(toolParam)) {
      const tool = fleet.snapshot.tools.find((t) => t.serverId === server && t.originalName === name);
      if (tool) return tool;
    }
  }
  return undefined;
}

export function ToolDetailView({ serverParam, toolParam }: { serverParam: string; toolParam: string }) {
  const serverId = safeDecode(serverParam);
  const toolName = safeDecode(toolParam);
  return (
    <>
      <PageHeader
        title={toolName}
        description={<>Tool <code>{toolName}</code> of server <code>{serverId}</code>. <Link href={`/tools?server=${encodeURIComponent(serverId)}`}>All tools of {serverId}</Link></>}
      />
      <FleetGate>
        {(fleet) => {
          const tool = findTool(fleet, serverParam, toolParam);
          if (!tool) {
            const known = fleet.servers.some((s) => s.id === serverId);
            return (
              <EmptyState title="No such tool">
                {known ? `Server "${serverId}" lists no tool "${toolName}" right now.` : `No server "${serverId}" in the fleet.`} <Link href="/tools">Back to all tools</Link>
              </EmptyState>
            );
          }
          return <Detail tool={tool} fleet={fleet} />;
        }}
      </FleetGate>
    </>
  );
}
