/**
 * One call, end to end, for the dashboard and the CLI alike: the client's view of the live fleet, the
 * pure dispatcher (lib/dispatch) over it with the permission rules, then `tools/call` on the live
 * connection, and the three JSONs of what happened (the model's call, the host's request, the answer).
 * Every ending is a record: nothing here throws for a call that goes wrong.
 */
import "server-only";
import { performance } from "node:perf_hooks";
import { clientView, type ClientChoice, type ClientSettings } from "@/lib/clients";
import { decline, dispatch, modelToolCall, modelToolError, readResult, toolsCallRequest, type Dispatch, type ModelToolCall, type RefusalCode, type ToolCall } from "@/lib/dispatch";
import type { CallToolOptions, ToolCallOutcome } from "@/lib/fleet/call-tool";
import type { SourcedRule } from "@/lib/permissions/types";
import type { ServerToolList } from "@/lib/reconcile/types";
import type { CallAnswer, CallRecord } from "./types";

/** What a call needs of the live fleet (a FleetManager has both). */
export interface CallFleet {
  toolLists(): ServerToolList[];
  callTool(serverId: string, name: string, args: unknown, opts: CallToolOptions): Promise<ToolCallOutcome>;
}

/** The client's own settings (its view) and the permission rules in force. */
export interface CallSetup {
  settings: ClientSettings;
  rules: SourcedRule[];
}

export interface CallInput {
  /** The record's id; the model's call id is made from it (`toolu_<id>`, `call_<id>` for Codex). */
  id: string;
  client: ClientChoice;
  /** The name as the client sends it. */
  name: string;
  /** Codex: the namespace, when `name` is the function's alone. */
  namespace?: string;
  /** Absent: no arguments, read as `{}` (as MCP reads a call without them). */
  arguments?: unknown;
  /** The user said yes to an ask rule. */
  confirmed?: boolean;
  /** The user said no to an ask rule, or could not be asked: why, in words (`stdin is not a terminal`). The call is refused. */
  declined?: string;
  /** Send even when the arguments fail the tool's schema. */
  force?: boolean;
  timeoutMs: number;
  /** Cancels the call (the server is told). */
  signal?: AbortSignal;
}

export interface CallHooks {
  /** The request is on its way: the record, running, with the request as sent. */
  onSent?: (record: CallRecord) => void;
}

const REFUSED: Record<RefusalCode, string> = {
  "unknown-tool": "unknown tool",
  "not-sent": "the client does not send this tool",
  "server-unavailable": "its server is not connected",
  denied: "denied",
  "arguments-not-object": "the arguments are not a JSON object",
  "invalid-arguments": "the arguments fail the tool's schema",
  declined: "not confirmed",
};

export function modelCallId(client: ClientChoice, id: string): string {
  return client === "codex" ? `call_${id}` : `toolu_${id}`;
}

function seconds(ms: number): string {
  return ms < 1_000 ? `${ms} ms` : `${(ms / 1_000).toFixed(1)} s`;
}

/** Runs one call; see the module header. An ask rule that is not confirmed yet answers with the question. */
export async function runCall(fleet: CallFleet, setup: CallSetup, input: CallInput, hooks: CallHooks = {}): Promise<CallAnswer> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const lists = fleet.toolLists();
  const view = clientView(input.client, lists, setup.settings);
  const call: ToolCall = { id: modelCallId(input.client, input.id), name: input.name, arguments: input.arguments === undefined ? {} : input.arguments, ...(input.namespace !== undefined ? { namespace: input.namespace } : {}) };
  const asked = dispatch({ view, servers: lists, call, rules: setup.rules, confirmed: input.confirmed, force: input.force });
  const decided = asked.action === "confirm" && input.declined !== undefined ? decline(asked, input.declined) : asked;
  const sent = decided.action === "refuse" ? undefined : sentParts(view.tools, decided);
  const toolUse: ModelToolCall = modelToolCall(view.client.id, call, sent);
  const base = {
    id: input.id,
    client: input.client,
    clientLabel: view.client.label,
    name: input.name,
    serverId: decided.target?.serverId ?? null,
    toolName: decided.target?.originalName ?? null,
    startedAt,
    timeoutMs: input.timeoutMs,
    toolUse,
    argumentCheck: decided.argumentCheck,
    decision: decided.decision,
  };
  const elapsed = () => Math.round(performance.now() - started);

  if (decided.action === "confirm") {
    return {
      confirm: {
        client: input.client,
        name: input.name,
        serverId: decided.target.serverId,
        toolName: decided.target.originalName,
        question: decided.question,
        decision: decided.decision,
        toolUse,
        argumentCheck: decided.argumentCheck,
      },
    };
  }
  if (decided.action === "refuse") {
    return {
      call: {
        ...base,
        status: "refused",
        summary: `refused: ${REFUSED[decided.refusal.code]}`,
        endedAt: new Date().toISOString(),
        durationMs: elapsed(),
        serverMs: null,
        request: null,
        result: modelToolError(view.client.id, call.id, decided.refusal.message),
        cancellation: null,
        refusal: decided.refusal,
        forced: false,
        confirmed: false,
        reading: null,
      },
    };
  }

  const { target, params } = decided;
  const running: CallRecord = {
    ...base,
    status: "running",
    summary: "waiting for the server",
    endedAt: null,
    durationMs: null,
    serverMs: null,
    request: null,
    result: null,
    cancellation: null,
    refusal: null,
    forced: decided.forced,
    confirmed: decided.confirmed,
    reading: null,
  };
  let request: CallRecord["request"] = null;
  const outcome = await fleet.callTool(target.serverId, target.originalName, params.arguments, {
    timeoutMs: input.timeoutMs,
    ...(input.signal ? { signal: input.signal } : {}),
    onSent: (requestId) => {
      request = toolsCallRequest(requestId, params);
      hooks.onSent?.({ ...running, request });
    },
  });
  const ended = { endedAt: new Date().toISOString(), durationMs: elapsed() };
  const toModel = (message: string) => modelToolError(view.client.id, call.id, message);
  const server = target.serverId;
  switch (outcome.kind) {
    case "result": {
      const reading = readResult(outcome.result, target.outputSchema);
      const structured = reading.structured?.check?.status === "invalid" ? "; structuredContent does not match the outputSchema" : reading.structured?.problem ? "; no structuredContent although the tool declares an outputSchema" : "";
      return {
        call: {
          ...running,
          ...ended,
          request,
          status: reading.isError ? "tool-error" : "ok",
          summary: `${reading.isError ? "the tool reported an error (isError)" : "answered"} in ${seconds(outcome.ms)}${structured}`,
          serverMs: outcome.ms,
          result: { jsonrpc: "2.0", id: outcome.requestId, result: outcome.result },
          reading,
        },
      };
    }
    case "error":
      return {
        call: {
          ...running,
          ...ended,
          request,
          status: "server-error",
          summary: `the server answered with error ${outcome.error.code}: ${outcome.error.message}`,
          serverMs: outcome.ms,
          result: { jsonrpc: "2.0", id: outcome.requestId, error: outcome.error },
        },
      };
    case "timeout":
      return {
        call: {
          ...running,
          ...ended,
          request,
          status: "timeout",
          summary: `no answer: timed out after ${seconds(outcome.timeoutMs)}; the server was sent notifications/cancelled`,
          serverMs: outcome.ms,
          cancellation: outcome.cancellation,
          result: toModel(`${input.name} timed out after ${seconds(outcome.timeoutMs)}: server ${server} did not answer, and the call was cancelled.`),
        },
      };
    case "cancelled":
      return {
        call: {
          ...running,
          ...ended,
          request,
          status: "cancelled",
          summary: `cancelled after ${seconds(outcome.ms)} (${outcome.cancellation.params.reason}); the server was sent notifications/cancelled`,
          serverMs: outcome.ms,
          cancellation: outcome.cancellation,
          result: toModel(`${input.name} was cancelled before server ${server} answered (${outcome.cancellation.params.reason}).`),
        },
      };
    case "closed":
      return {
        call: {
          ...running,
          ...ended,
          request,
          status: "server-died",
          summary: `server ${server} stopped before answering: ${outcome.message}`,
          serverMs: outcome.ms,
          result: toModel(`${input.name} failed: server ${server} stopped before answering (${outcome.message}).`),
        },
      };
    case "unavailable":
      return {
        call: {
          ...running,
          ...ended,
          request: null,
          status: "unavailable",
          summary: `not sent: ${outcome.message}`,
          result: toModel(`${input.name} was not called: ${outcome.message}.`),
        },
      };
  }
}

/** Codex's namespace and function of the tool a call resolved to, as its view sends them. */
function sentParts(tools: readonly { serverId: string; originalName: string; sent: { name: string; namespace?: string } | null }[], d: Exclude<Dispatch, { action: "refuse" }>): { name: string; namespace?: string } | undefined {
  const sent = tools.find((t) => t.serverId === d.target.serverId && t.originalName === d.target.originalName)?.sent;
  return sent ? { name: sent.name, ...(sent.namespace !== undefined ? { namespace: sent.namespace } : {}) } : undefined;
}
