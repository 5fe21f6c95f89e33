"use client";
/**
 * One call (docs/calls.md: a working call is three JSONs): the model's call under the client's name, the
 * host's tools/call under the original name, and what came back, side by side and each copyable; then the
 * answer read for people: content blocks (text, JSON, images), isError, structuredContent against the
 * outputSchema, the arguments against the original schema, the cancellation sent, and the timings.
 */
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { JsonView } from "@/components/schema/json-view";
import type { CallRecord, CallStatus } from "@/lib/calls/types";
import type { ContentBlockReading } from "@/lib/dispatch/read-result";
import { JsonBox } from "./json-box";
import styles from "./try.module.css";

export const STATUS_TONE: Record<CallStatus, BadgeTone> = {
  running: "info",
  ok: "good",
  "tool-error": "bad",
  "server-error": "bad",
  refused: "warn",
  timeout: "bad",
  cancelled: "neutral",
  "server-died": "bad",
  unavailable: "bad",
};

export const STATUS_LABEL: Record<CallStatus, string> = {
  running: "running",
  ok: "ok",
  "tool-error": "isError",
  "server-error": "JSON-RPC error",
  refused: "not sent",
  timeout: "timed out",
  cancelled: "cancelled",
  "server-died": "server died",
  unavailable: "not connected",
};

function Block({ block, index }: { block: ContentBlockReading; index: number }) {
  switch (block.type) {
    case "text":
      return (
        <div className={styles.block} data-testid="content-block" data-type="text">
          <div className="muted">content[{index}] text{block.json !== undefined ? ", JSON" : ""}</div>
          {block.json !== undefined ? <JsonView value={block.json} label={`content ${index} JSON`} /> : <pre>{block.text}</pre>}
        </div>
      );
    case "image":
      return (
        <div className={styles.block} data-testid="content-block" data-type="image">
          <div className="muted">
            content[{index}] image {block.mimeType}
            {block.problem ? ` (${block.problem})` : ""}
          </div>
          {block.problem ? null : <img className={styles.image} src={`data:${block.mimeType};base64,${block.data}`} alt={`Image ${index} of the result (${block.mimeType})`} />}
        </div>
      );
    case "audio":
      return (
        <div className={styles.block} data-testid="content-block" data-type="audio">
          <div className="muted">content[{index}] audio {block.mimeType}</div>
          {block.problem ? <span className="muted">{block.problem}</span> : <audio controls src={`data:${block.mimeType};base64,${block.data}`} aria-label={`Audio ${index} of the result`} />}
        </div>
      );
    case "resource_link":
      return (
        <div className={styles.block} data-testid="content-block" data-type="resource_link">
          <span className="muted">content[{index}] resource link </span>
          <code>{block.uri}</code> {block.name ? <span className="muted">({block.name})</span> : null}
        </div>
      );
    case "resource":
      return (
        <div className={styles.block} data-testid="content-block" data-type="resource">
          <div className="muted">
            content[{index}] resource <code>{block.uri}</code> {block.mimeType ?? ""}
            {block.blobBytes !== undefined ? `, ${block.blobBytes} bytes` : ""}
          </div>
          {block.text !== undefined ? <pre>{block.text}</pre> : null}
        </div>
      );
    case "other":
      return (
        <div className={styles.block} data-testid="content-block" data-type="other">
          <div className="muted">content[{index}] of unknown type {JSON.stringify(block.kind)}</div>
          <JsonView value={block.raw} label={`content ${index}`} />
        </div>
      );
  }
}

function ArgumentCheck({ record, onForce }: { record: CallRecord; onForce?: () => void }) {
  const check = record.argumentCheck;
  if (!check) return null;
  if (check.status === "valid") {
    return (
      <div className="row" data-testid="argument-check" data-status="valid">
        <Badge tone="good">arguments valid</Badge>
        <span className="muted">against the schema the server listed ({check.dialect})</span>
      </div>
    );
  }
  if (check.status === "unchecked") {
    return (
      <div className="row" data-testid="argument-check" data-status="unchecked">
        <Badge tone="warn">arguments not checked</Badge>
        <span className="muted">{check.reason}</span>
      </div>
    );
  }
  return (
    <div data-testid="argument-check" data-status="invalid">
      <div className="row">
        <Badge tone="bad">arguments do not match</Badge>
        <span className="muted">
          the schema the server listed ({check.dialect}){record.forced ? ": sent anyway, as asked" : ": caught before sending"}
        </span>
        {!record.forced && onForce ? (
          <Button size="sm" variant="danger" onClick={onForce}>
            Send anyway
          </Button>
        ) : null}
      </div>
      <ul className={styles.errors}>
        {check.errors.map((e, i) => (
          <li key={i} data-testid="argument-error" data-path={e.path}>
            <code>{e.path}</code> {e.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Reading({ record }: { record: CallRecord }) {
  const reading = record.reading;
  if (!reading) return null;
  const s = reading.structured;
  return (
    <div className="stack">
      {reading.isError ? (
        <div className="row" data-testid="is-error">
          <Badge tone="bad">isError: true</Badge>
          <span className="muted">the tool ran and reports a failure; the model reads it as the answer</span>
        </div>
      ) : null}
      {s ? (
        <div className="row" data-testid="structured-check" data-status={s.check?.status ?? (s.problem ? "missing" : "none")}>
          {s.check?.status === "valid" ? <Badge tone="good">structuredContent matches the outputSchema</Badge> : null}
          {s.check?.status === "invalid" ? (
            <>
              <Badge tone="bad">structuredContent does not match the outputSchema</Badge>
              <span className="muted">{s.check.errors.map((e) => `${e.path}: ${e.message}`).join("; ")}</span>
            </>
          ) : null}
          {s.check?.status === "unchecked" ? <Badge tone="warn">structuredContent not checked: {s.check.reason}</Badge> : null}
          {s.problem ? <Badge tone="warn">{s.problem}</Badge> : null}
          {!s.check && !s.problem ? <span className="muted">structuredContent sent; the tool declares no outputSchema to check it against</span> : null}
        </div>
      ) : null}
      {reading.problems.length ? (
        <ul className={styles.errors} data-testid="result-problems">
          {reading.problems.map((p, i) => (
            <li key={i}>{p}</li>
          ))}
        </ul>
      ) : null}
      {reading.blocks.length ? (
        <div className={styles.blocks} aria-label="Content blocks">
          {reading.blocks.map((block, i) => (
            <Block key={i} block={block} index={i} />
          ))}
        </div>
      ) : null}
    </div>
  );
}

export function CallView({ record, onForce }: { record: CallRecord; onForce?: () => void }) {
  const answered = record.result !== null && typeof record.result === "object" && "jsonrpc" in (record.result as object);
  return (
    <section className="stack" data-testid="call-view" data-status={record.status} data-call-id={record.id} aria-label="The call">
      <div className="row">
        <Badge tone={STATUS_TONE[record.status]} data-testid="call-status">
          {STATUS_LABEL[record.status]}
        </Badge>
        <span data-testid="call-summary">{record.summary}</span>
        {record.durationMs !== null ? (
          <span className="muted tabular" data-testid="call-timing">
            {record.durationMs} ms in all{record.serverMs !== null ? `, ${record.serverMs} ms at the server` : ""}
          </span>
        ) : null}
      </div>
      {record.refusal && record.refusal.code !== "invalid-arguments" ? (
        <div className="state state-error" role="note" data-testid="refusal">
          <strong>Not sent ({record.refusal.code})</strong>
          <div>{record.refusal.message}</div>
        </div>
      ) : null}
      <ArgumentCheck record={record} onForce={onForce} />
      {record.decision && record.decision.decision !== "none" ? (
        <div className="muted" data-testid="call-permission">
          Permission: {record.decision.why}
          {record.confirmed ? "; you confirmed it" : ""}
        </div>
      ) : null}
      <div className={styles.three}>
        <JsonBox title={record.toolUse.type} note={<>what the model sends, under {record.clientLabel}&apos;s name</>} value={record.toolUse} testId="json-tool-use" />
        <JsonBox
          title="tools/call"
          note={record.request ? <>what the host sends server {record.serverId}, under the original name</> : <>nothing was sent</>}
          value={record.request}
          testId="json-request"
        />
        <JsonBox
          title="result"
          note={record.status === "running" ? <>waiting for the server…</> : answered ? <>what the server answered</> : <>no answer from the server: what the host tells the model instead</>}
          value={record.result}
          testId="json-result"
        />
      </div>
      {record.cancellation ? (
        <div data-testid="call-cancellation">
          <div className="muted">Sent to the server after the {record.status === "timeout" ? "timeout" : "cancel"}:</div>
          <pre>{JSON.stringify(record.cancellation)}</pre>
        </div>
      ) : null}
      <Reading record={record} />
    </section>
  );
}
