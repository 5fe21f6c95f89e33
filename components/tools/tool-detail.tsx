"use client";
/**
 * One tool in depth (`/tools/<server>/<tool>`), as one client sends it (the client switch): the name,
 * description and schema that client sends, where it cuts the description, how it flattened a root
 * combinator and what the server must now check, or that it drops the tool, every reason with the
 * capture or document that shows it; every client's name at a glance; the reconciler's checks and
 * findings; annotations; the tool's hash timeline. The tool's detail is fetched on demand and again
 * whenever an event says the tool changed.
 */
import Link from "next/link";
import { useEffect, useMemo } from "react";
import { FlagBadges } from "@/components/cells/flag-badges";
import { HashCell } from "@/components/cells/hash-cell";
import { ServerBadge } from "@/components/cells/server-badge";
import { ClientSwitch } from "@/components/clients/client-switch";
import { FleetGate } from "@/components/layout/fleet-gate";
import { PageHeader } from "@/components/layout/page-header";
import { JsonView } from "@/components/schema/json-view";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import type { ClientChoice } from "@/lib/clients/choices";
import type { ClientFinding } from "@/lib/clients";
import type { CheckResult, Finding } from "@/lib/reconcile/types";
import { diffSchemas } from "@/lib/schema/diff";
import { count } from "@/lib/text/count";
import type { FleetIndex, ToolDetail, ToolFlag } from "@/lib/server/page-state";
import { detailKey } from "@/lib/store/fleet-slice";
import { useFleetStore } from "@/lib/store/hooks";
import { useClientChoice } from "@/lib/store/use-client-choice";
import { formatBytes } from "./tools-columns";
import { nameRows, splitSentDescription } from "./client-names";
import { ToolHistorySlot } from "./tool-history-slot";
import { TryIt } from "@/components/try/try-panel";

const CHECK_TONE: Record<CheckResult["status"], BadgeTone> = { pass: "good", fail: "bad", warn: "warn", skipped: "neutral" };
const FLAG_ORDER: ToolFlag[] = ["collided", "renamed", "flattened", "excluded", "cut", "warnings"];

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

/** A client's reason or note, with where the behaviour is shown (a capture of the real client, or a document). */
function ClientFindings({ findings, tone, testId }: { findings: ClientFinding[]; tone: BadgeTone; testId: string }) {
  if (findings.length === 0) return null;
  return (
    <ul className="stack" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {findings.map((f, i) => (
        <li key={`${f.code}-${i}`} className="row" data-testid={testId} data-code={f.code}>
          <Badge tone={tone}>{f.code}</Badge>
          <span>{f.message}</span>
          {f.path ? <code className="muted">{f.path}</code> : null}
          <span className="muted mono" title="Where this behaviour is shown" data-testid="finding-source">
            {f.source}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** What the chosen client does with the tool: sent under which name (and what changed on the way), or dropped and why. */
function Verdict({ detail, client }: { detail: ToolDetail; client: ClientChoice }) {
  const { client: info, verdict, server } = detail.clients[client];
  const sent = verdict?.sent ?? null;
  if (!sent) {
    return (
      <section className="state state-error" role="note" aria-label={`What ${info.label} sends`} data-testid="client-verdict" data-client={client} data-status="dropped">
        <div data-testid="not-sent">
          <strong>Not sent to the model: {info.label} does not send this tool</strong>
          <div>The model sees nothing of it: no name, no description, no schema. Its schema and description below are only what the server listed.</div>
        </div>
        {server?.lost ? (
          <div data-testid="server-lost">
            <strong>{server.lost.message}</strong> <span className="muted mono">{server.lost.source}</span>
          </div>
        ) : null}
        <ClientFindings findings={verdict?.reasons ?? []} tone="bad" testId="client-reason" />
      </section>
    );
  }
  return (
    <section className="panel stack" aria-label={`What ${info.label} sends`} data-testid="client-verdict" data-client={client} data-status="sent">
      <div className="row">
        <strong>{info.label} sends it as</strong>
        <code data-testid="client-name">{sent.callName}</code>
        <CopyButton value={sent.callName} label={`Copy the name ${info.label} sends`} />
        {sent.namespace ? <span className="muted">(function <code>{sent.name}</code> in namespace <code>{sent.namespace}</code>)</span> : null}
        <span className="muted tabular">{formatBytes(new TextEncoder().encode(JSON.stringify(sent.wire)).length)} in every request</span>
        <HashCell hash={sent.toolHash} label="tool hash" />
      </div>
      <ClientFindings findings={verdict!.notes} tone="info" testId="client-note" />
    </section>
  );
}

function Names({ detail, client }: { detail: ToolDetail; client: ClientChoice }) {
  const rows = nameRows(detail);
  return (
    <section aria-labelledby="names-heading">
      <h2 id="names-heading">Names</h2>
      <table className="matrix" style={{ width: "100%", textAlign: "left" }} data-testid="tool-names">
        <thead>
          <tr><th scope="col">Client</th><th scope="col">Name</th><th scope="col">Length</th><th scope="col">Check</th></tr>
        </thead>
        <tbody>
          {rows.map((n) => (
            <tr key={n.kind} data-name-kind={n.kind} data-ok={n.ok} aria-current={n.kind === client || undefined} className={n.kind === client ? "is-current" : undefined}>
              <th scope="row">{n.label}</th>
              <td style={{ textAlign: "left" }}>
                {n.name === null ? <span className="muted">—</span> : <span className="row"><code>{n.name}</code><CopyButton value={n.name} label={`Copy the name ${n.label} uses`} /></span>}
              </td>
              <td className="tabular">{n.name === null ? "—" : n.limit ? `${n.length} / ${n.limit}` : n.length}</td>
              <td style={{ textAlign: "left" }}>
                {n.kind === "original" ? null : <Badge tone={n.ok ? "good" : n.name === null ? "bad" : "warn"}>{n.ok ? "ok" : n.name === null ? "dropped" : "changed"}</Badge>} <span className="muted">{n.note}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function SentDescription({ detail, client }: { detail: ToolDetail; client: ClientChoice }) {
  const { client: info, verdict } = detail.clients[client];
  const sent = verdict?.sent ?? null;
  const original = detail.tool.originalDescription;
  const listed = (
    <div className="stack" data-testid="description-before">
      <div className="row">
        <strong>{sent ? "As the server lists it" : `As the server lists it (${info.label} sends none of it)`}</strong>
        <span className="muted tabular">{count(original.length, "character")}</span>
      </div>
      {original ? <pre>{original}</pre> : <span className="muted">(no description)</span>}
    </div>
  );
  if (!sent) return listed;
  const { kept, suffix, lost } = splitSentDescription(sent.description, sent.cut);
  return (
    <div className="side-by-side">
      {listed}
      <div className="stack" data-testid="description-after">
        <div className="row">
          <strong>What {info.label} sends</strong>
          <span className="muted tabular">{count(sent.description.length, "character")}</span>
          {sent.cut ? (
            <Badge tone="bad" data-testid="cut-badge">
              cut at {sent.cut.limit.toLocaleString("en")} of {sent.cut.originalLength.toLocaleString("en")}: the model never sees the last {lost.toLocaleString("en")}
            </Badge>
          ) : (
            <Badge tone="good">sent whole</Badge>
          )}
        </div>
        {sent.description ? (
          <pre>
            {kept}
            {suffix ? (
              <mark className="cut-mark" title={`${info.label} cuts the description here and appends "${suffix}"`} data-testid="description-cut">
                {suffix}
              </mark>
            ) : null}
          </pre>
        ) : (
          <span className="muted">(no description)</span>
        )}
      </div>
    </div>
  );
}

function Schema({ detail, client }: { detail: ToolDetail; client: ClientChoice }) {
  const { client: info, verdict } = detail.clients[client];
  const sent = verdict?.sent ?? null;
  const original = detail.tool.originalInputSchema;
  const changes = useMemo(() => (sent ? diffSchemas(original, sent.schema) : []), [original, sent]);
  if (!sent) {
    return (
      <section aria-labelledby="schema-heading">
        <h2 id="schema-heading">Schema</h2>
        <p className="muted">Only what the server listed: {info.label} sends none of it.</p>
        <h3>What the server listed</h3>
        <JsonView value={original} label="Original input schema" />
      </section>
    );
  }
  return (
    <section aria-labelledby="schema-heading">
      <h2 id="schema-heading">Schema: as listed and as {info.label} sends it</h2>
      <p className="muted">{changes.length === 0 ? `${info.label} sends the schema as listed.` : `${count(changes.length, "difference")}, marked on both sides.`}</p>
      <div className="side-by-side">
        <div>
          <h3>As the server lists it</h3>
          <JsonView value={original} changes={changes} side="before" label="Original input schema" />
        </div>
        <div>
          <h3>What {info.label} sends</h3>
          <JsonView value={sent.schema} changes={changes} side="after" label="Final input schema" />
        </div>
      </div>
    </section>
  );
}

function Flattening({ detail, client }: { detail: ToolDetail; client: ClientChoice }) {
  const { client: info, verdict } = detail.clients[client];
  const flattened = verdict?.sent?.flattened ?? null;
  if (!flattened) return null;
  return (
    <section aria-labelledby="flatten-heading" className="panel" data-testid="flatten-info">
      <h2 id="flatten-heading" style={{ marginTop: 0 }}>
        {info.label} flattens the root {flattened.keywords.join(" + ")}
      </h2>
      {flattened.sentence ? (
        <p>
          Sentence put before the description: <q data-testid="flatten-sentence">{flattened.sentence}</q>
        </p>
      ) : null}
      {flattened.lostConstraint ? (
        <p data-testid="lost-constraint">
          <strong>The server must check:</strong> {flattened.lostConstraint.replace(/^the server must check:\s*/i, "")}
        </p>
      ) : (
        <p className="muted">allOf loses nothing: the flat schema expresses the same constraint.</p>
      )}
    </section>
  );
}

function Detail({ detail, fleet, client }: { detail: ToolDetail; fleet: FleetIndex; client: ClientChoice }) {
  const tool = detail.tool;
  const entry = fleet.tools.find((t) => t.key === detail.key);
  const flags = entry ? FLAG_ORDER.filter((f) => entry.flags?.includes(f) || entry.clients[client].flags?.includes(f)) : [];
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

      <Verdict detail={detail} client={client} />
      <Names detail={detail} client={client} />
      <Flattening detail={detail} client={client} />
      <Schema detail={detail} client={client} />

      <section aria-labelledby="description-heading">
        <h2 id="description-heading">Description</h2>
        <SentDescription detail={detail} client={client} />
      </section>

      <TryIt serverId={tool.serverId} toolName={tool.originalName} preferred={client} />

      <section aria-labelledby="checks-heading">
        <h2 id="checks-heading">The reconciler&apos;s checks</h2>
        <p className="muted">The Claude API&apos;s rules as MCP Fleet&apos;s reconciler applies them (what an Agent SDK host sends), and portability findings other clients trip over.</p>
        <Findings title="Excluded because" findings={tool.excluded?.reasons ?? []} tone="bad" />
        <Findings title="Renamed because" findings={tool.renamed?.reasons ?? []} tone="info" />
        <Findings title="Warnings" findings={tool.warnings} tone="warn" />
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

/** Loads the tool's detail (and again when it changes) and shows it, or why it cannot. */
function LoadedDetail({ fleet, serverId, toolName, client }: { fleet: FleetIndex; serverId: string; toolName: string; client: ClientChoice }) {
  const load = useFleetStore((s) => s.loadToolDetail);
  const state = useFleetStore((s) => s.toolDetails[detailKey(serverId, toolName)]);
  useEffect(() => {
    void load(serverId, toolName);
  }, [load, serverId, toolName]);
  if (state?.detail) return <Detail detail={state.detail} fleet={fleet} client={client} />;
  if (state?.status === "error" && state.error) {
    if (state.error.status !== 404) return <ErrorState error={state.error} title="Could not load the tool" />;
    const known = fleet.servers.some((s) => s.id === serverId);
    return (
      <EmptyState title="No such tool">
        {known ? `Server "${serverId}" lists no tool "${toolName}" right now.` : `No server "${serverId}" in the fleet.`} <Link href="/tools">Back to all tools</Link>
      </EmptyState>
    );
  }
  return <LoadingState label="Loading the tool…" />;
}

export function ToolDetailView({ serverParam, toolParam }: { serverParam: string; toolParam: string }) {
  const serverId = safeDecode(serverParam);
  const toolName = safeDecode(toolParam);
  const [client, setClient] = useClientChoice();
  return (
    <>
      <PageHeader
        title={toolName}
        description={<>Tool <code>{toolName}</code> of server <code>{serverId}</code>. <Link href={`/tools?server=${encodeURIComponent(serverId)}`}>All tools of {serverId}</Link></>}
        actions={<ClientSwitch value={client} onChange={setClient} />}
      />
      <FleetGate>{(fleet) => <LoadedDetail fleet={fleet} serverId={serverId} toolName={toolName} client={client} />}</FleetGate>
    </>
  );
}
