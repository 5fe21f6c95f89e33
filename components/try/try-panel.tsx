"use client";
/**
 * "Try it" on a tool's page: call the tool as a client's model would (docs/calls.md), under that client's name,
 * with arguments from a form built from the schema that client sends (or raw JSON); the dashboard checks
 * them against the schema the server listed, applies the permission rules (an ask rule opens a dialog),
 * sends tools/call under the original name, and shows the three JSONs. A running call can be cancelled
 * (the server is told); this session's calls of the tool are listed below. The page only mounts it.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { ErrorState, LoadingState } from "@/components/ui/states";
import type { ClientError } from "@/lib/api-client";
import type { CallConfirmation, CallRecord, TryClientChoice } from "@/lib/calls/types";
import { parseJsonText } from "@/lib/json/json-text";
import { isPlainObject } from "@/lib/json/values";
import { callsKey } from "@/lib/store/calls-slice";
import { useFleetStore } from "@/lib/store/hooks";
import { CallHistory } from "./call-history";
import { CallView } from "./call-view";
import { ConfirmDialog } from "./confirm-dialog";
import { SchemaForm } from "./schema-form";
import { argumentsText, formModel } from "./schema-form-model";
import styles from "./try.module.css";

const CLIENT_LABELS: Record<TryClientChoice, string> = { "claude-code": "Claude Code", codex: "Codex", "agent-sdk": "Agent SDK" };
const DEFAULT_TIMEOUT_S = 60;

function newCallId(): string {
  // Without dashes, so the model's id reads like the API's own (`toolu_0123…`).
  const uuid = globalThis.crypto?.randomUUID?.().replace(/-/g, "");
  return uuid ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}

/** Seconds since `since` while it is set, ticking. */
function useElapsed(since: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [since]);
  return since === null ? 0 : Math.max(0, now - since);
}

/** `preferred`: the client the page is showing; the panel starts on it when that client sends the tool. */
export function TryPanel({ serverId, toolName, preferred }: { serverId: string; toolName: string; preferred?: string }) {
  const key = callsKey(serverId, toolName);
  const entry = useFleetStore((s) => s.toolCalls[key]);
  const loadToolCalls = useFleetStore((s) => s.loadToolCalls);
  const makeCall = useFleetStore((s) => s.makeCall);
  const cancelCall = useFleetStore((s) => s.cancelCall);

  const [client, setClient] = useState<TryClientChoice | null>(null);
  const [name, setName] = useState("");
  const [argsText, setArgsText] = useState("{}");
  const [force, setForce] = useState(false);
  const [timeoutS, setTimeoutS] = useState(String(DEFAULT_TIMEOUT_S));
  const [pending, setPending] = useState<{ id: string; since: number } | null>(null);
  const [shownId, setShownId] = useState<string | null>(null);
  const [answered, setAnswered] = useState<CallRecord | null>(null);
  const [confirmation, setConfirmation] = useState<{ ask: CallConfirmation; args: unknown; force: boolean } | null>(null);
  const [problem, setProblem] = useState<ClientError | { message: string; code?: string } | null>(null);
  const elapsed = useElapsed(pending?.since ?? null);
  const chosen = useRef(false);

  useEffect(() => {
    void loadToolCalls(serverId, toolName);
  }, [loadToolCalls, serverId, toolName]);

  const target = entry?.target ?? null;
  // The page's client when it sends the tool, else the first that does, Claude Code first; once chosen, the
  // person's choice stays.
  useEffect(() => {
    if (!target || chosen.current) return;
    const first = target.clients.find((c) => c.sent && c.client === preferred) ?? target.clients.find((c) => c.sent) ?? target.clients[0];
    if (!first) return;
    chosen.current = true;
    setClient(first.client);
    setName(first.callName);
  }, [target, preferred]);

  const info = target?.clients.find((c) => c.client === client) ?? null;
  const model = useMemo(() => formModel(info?.schema), [info?.schema]);
  const parsed = useMemo(() => parseJsonText(argsText), [argsText]);
  const argsObject = parsed.ok && isPlainObject(parsed.value) ? parsed.value : null;

  if (!entry || entry.status === "loading" || (entry.status === "idle" && !entry.target)) return <LoadingState label="Loading the Try it panel…" />;
  if (entry.status === "error" && entry.error) return <ErrorState error={entry.error} title="Could not load the Try it panel" />;
  if (!target || !info || !client) return <p className="muted">The fleet lists no such tool right now, so it cannot be called.</p>;

  const calls = entry.calls;
  const shown: CallRecord | null = (shownId !== null ? (calls.find((c) => c.id === shownId) ?? (answered?.id === shownId ? answered : null)) : null) ?? (pending ? null : answered);
  // The list may be newer than the POST's answer (or older, while it reloads): prefer the ended record.
  const record = shown && answered && shown.id === answered.id && shown.status === "running" ? answered : shown;

  function pickClient(next: TryClientChoice) {
    const c = target?.clients.find((x) => x.client === next);
    setClient(next);
    if (c) setName(c.callName);
  }

  async function send(extra: { confirmed?: boolean; force?: boolean; args?: unknown } = {}) {
    let value: unknown;
    if (extra.args !== undefined) value = extra.args;
    else {
      const text = parseJsonText(argsText);
      if (!text.ok) {
        setProblem({ code: "bad_request:arguments", message: `The arguments are not JSON: ${text.error.message} at line ${text.error.line}, column ${text.error.column}. Nothing was sent.` });
        return;
      }
      value = text.value;
    }
    const timeout = Number(timeoutS);
    const timeoutMs = Number.isFinite(timeout) && timeout > 0 ? Math.round(timeout * 1000) : DEFAULT_TIMEOUT_S * 1000;
    const id = newCallId();
    const forced = extra.force ?? force;
    setProblem(null);
    setConfirmation(null);
    setPending({ id, since: Date.now() });
    setShownId(id);
    const result = await makeCall(serverId, toolName, { id, client: client!, name, arguments: value, force: forced, confirmed: extra.confirmed, timeoutMs: Math.max(100, Math.min(600_000, timeoutMs)) });
    setPending(null);
    if (!result.ok) {
      setProblem(result.error);
      setShownId(null);
      return;
    }
    const answer = result.answer!;
    if ("confirm" in answer) {
      setShownId(null);
      setConfirmation({ ask: answer.confirm, args: value, force: forced });
      return;
    }
    setAnswered(answer.call);
  }

  const decision = target.decision;
  return (
    <div className={styles.panel} data-testid="try-panel" data-client={client}>
      <p className="muted" style={{ margin: 0 }}>
        Call the tool as a model would, under the name its client sends. The arguments are checked against the schema the server listed before anything is sent. Calls are kept in
        this dashboard&apos;s memory only, never on disk.
      </p>
      <div className={styles.controls}>
        <div className="field">
          <span className="muted">Client</span>
          <SegmentedControl<TryClientChoice> label="Call as client" value={client} options={target.clients.map((c) => ({ value: c.client, label: CLIENT_LABELS[c.client] }))} onChange={pickClient} />
        </div>
        <label className="field grow">
          <span className="muted">Name, as the model sends it</span>
          <input className="input" value={name} onChange={(e) => setName(e.target.value)} spellCheck={false} aria-label="Tool name as the model sends it" data-testid="try-name" />
        </label>
        <label className="field">
          <span className="muted">Timeout (s)</span>
          <input className="input" style={{ minWidth: 0, width: 90 }} value={timeoutS} onChange={(e) => setTimeoutS(e.target.value)} inputMode="decimal" aria-label="Timeout in seconds" data-testid="try-timeout" />
        </label>
      </div>
      {!info.sent ? (
        <div className="state state-error" role="note" data-testid="try-not-sent">
          <strong>{info.label} does not send this tool to the model</strong>
          <div>{info.reasons.map((r) => r.message).join("; ")}. A call under this name shows what the host answers the model instead.</div>
        </div>
      ) : null}
      {decision.decision === "ask" || decision.decision === "deny" ? (
        <div className="muted" data-testid="try-decision" data-decision={decision.decision}>
          Permission: {decision.why}
          {decision.decision === "ask" ? ": you will be asked before it is called." : ": it will not be called."}
        </div>
      ) : null}
      <div className="side-by-side">
        <div className="stack">
          <h3 style={{ margin: 0 }}>Form, from the schema {info.label} sends</h3>
          {argsObject ? (
            <SchemaForm model={model} args={argsObject} onChange={(next) => setArgsText(argumentsText(next))} />
          ) : (
            <p className="muted">The JSON beside is not an object, so the form cannot show it.</p>
          )}
        </div>
        <label className="stack">
          <h3 style={{ margin: 0 }}>Arguments (JSON)</h3>
          <textarea className={styles.raw} value={argsText} onChange={(e) => setArgsText(e.target.value)} spellCheck={false} aria-label="Arguments as JSON" data-testid="try-json" />
          {!parsed.ok ? (
            <span className="field-error" data-testid="try-json-error">
              Not JSON: {parsed.error.message} at line {parsed.error.line}, column {parsed.error.column}
            </span>
          ) : null}
        </label>
      </div>
      <div className="row">
        <Button variant="primary" onClick={() => void send()} disabled={pending !== null || name.trim() === ""} data-testid="try-call">
          Call
        </Button>
        {pending ? (
          <>
            <Button variant="danger" onClick={() => void cancelCall(pending.id)} data-testid="try-cancel">
              Cancel
            </Button>
            <span className="muted tabular" role="status" data-testid="try-running">
              Calling… {(elapsed / 1000).toFixed(1)} s
            </span>
          </>
        ) : null}
        <label className="row muted">
          <input type="checkbox" checked={force} onChange={(e) => setForce(e.target.checked)} data-testid="try-force" />
          Send even if the arguments do not match the schema
        </label>
      </div>
      {problem ? (
        <div data-testid="try-problem">
          <ErrorState error={problem} title="The call could not be made" />
        </div>
      ) : null}
      {record ? <CallView record={record} onForce={record.refusal?.code === "invalid-arguments" ? () => void send({ force: true }) : undefined} /> : null}
      <h3>Calls of this tool in this session</h3>
      <CallHistory calls={calls} selected={record?.id ?? null} onSelect={setShownId} />
      {confirmation ? (
        <ConfirmDialog
          confirmation={confirmation.ask}
          onAnswer={(yes) => {
            const asked = confirmation;
            setConfirmation(null);
            if (yes) void send({ confirmed: true, force: asked.force, args: asked.args });
            else setProblem({ code: "declined:calls", message: `Not called: ${asked.ask.decision.why} asks first, and you said no.` });
          }}
        />
      ) : null}
    </div>
  );
}

/** The panel under its own heading: what a tool page mounts. */
export function TryIt({ serverId, toolName, preferred }: { serverId: string; toolName: string; preferred?: string }) {
  return (
    <section aria-labelledby="try-heading">
      <h2 id="try-heading">Try it</h2>
      <TryPanel serverId={serverId} toolName={toolName} preferred={preferred} />
    </section>
  );
}
