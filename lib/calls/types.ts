/**
 * The JSON of "Try a tool" (docs/calls.md: a call is three JSONs): one call as the dashboard keeps it while it
 * runs (never on disk: arguments may hold secrets), the question an ask rule puts first, and what the
 * Try it panel needs to know about one tool under each client. Types only: safe in the browser.
 */
import type { ClientChoice } from "@/lib/clients";
import type { ClientFinding } from "@/lib/clients/types";
import type { ModelToolCall, Refusal, ToolsCallRequest } from "@/lib/dispatch/types";
import type { ResultReading } from "@/lib/dispatch/read-result";
import type { CancelledNotification } from "@/lib/fleet/call-tool";
import type { EffectiveDecision } from "@/lib/permissions/types";
import type { ServerStatus } from "@/lib/reconcile/types";
import type { InstanceCheck } from "@/lib/schema/validate-instance";

export type CallStatus =
  /** Sent; no answer yet. */
  | "running"
  /** The server answered with a result. */
  | "ok"
  /** The server answered with a result marked `isError`: the tool's own failure, which the model reads. */
  | "tool-error"
  /** The server answered with a JSON-RPC error. */
  | "server-error"
  /** Not sent: an unknown name, a tool the client does not send, a deny rule, arguments that fail the schema, a declined ask. */
  | "refused"
  /** No answer in time: cancelled on the server. */
  | "timeout"
  /** Cancelled by the user: the server was told. */
  | "cancelled"
  /** The server's connection closed before it answered. */
  | "server-died"
  /** Not sent: the server is not connected. */
  | "unavailable";

export interface CallRecord {
  /** Chosen by the caller (so a running call can be cancelled by it); unique while the dashboard runs. */
  id: string;
  client: ClientChoice;
  clientLabel: string;
  /** The name as the model sent it. */
  name: string;
  /** Where it resolved to; null when it did not. */
  serverId: string | null;
  toolName: string | null;
  status: CallStatus;
  /** One line for people: `answered in 12 ms`, `refused: unknown tool`, `timed out after 5000 ms; the server was told`. */
  summary: string;
  /** ISO times. */
  startedAt: string;
  endedAt: string | null;
  /** From the model's call to the answer the model gets. */
  durationMs: number | null;
  /** From the request leaving to the server's answer (or the timeout, or the cancel). */
  serverMs: number | null;
  timeoutMs: number;
  /** 1: the model's call, under the client's name. */
  toolUse: ModelToolCall;
  /** 2: the host's request, under the original name; null when nothing was sent. */
  request: ToolsCallRequest | null;
  /**
   * 3: what came back: the server's JSON-RPC response (`{ jsonrpc, id, result }` or `{ jsonrpc, id, error }`),
   * or, when there was none, the error the host answers the model with (`tool_result` / `function_call_output`).
   */
  result: unknown;
  /** The `notifications/cancelled` sent after a timeout or a cancel. */
  cancellation: CancelledNotification | null;
  refusal: Refusal | null;
  /** The arguments against the tool's original schema (null: not checked, the name did not resolve). */
  argumentCheck: InstanceCheck | null;
  /** The permission decision that applied. */
  decision: EffectiveDecision | null;
  /** Sent although the arguments failed the schema. */
  forced: boolean;
  /** Sent after the user confirmed an ask rule. */
  confirmed: boolean;
  /** The server's result read block by block, with structuredContent checked against outputSchema. */
  reading: ResultReading | null;
}

/** An ask rule matched: nothing is sent until the user says yes (the same call again, confirmed). */
export interface CallConfirmation {
  client: ClientChoice;
  name: string;
  serverId: string;
  toolName: string;
  question: string;
  decision: EffectiveDecision;
  toolUse: ModelToolCall;
  argumentCheck: InstanceCheck;
}

export type CallAnswer = { call: CallRecord } | { confirm: CallConfirmation };

/** The clients the Try it panel offers. */
export const TRY_CLIENTS = ["claude-code", "codex", "agent-sdk"] as const satisfies readonly ClientChoice[];
export type TryClientChoice = (typeof TRY_CLIENTS)[number];

/** One tool under one client: the name to call it by and the schema it is sent with, or why the client does not send it. */
export interface TryClient {
  client: TryClientChoice;
  label: string;
  sent: boolean;
  /** The name the model calls it by (Codex: `<namespace>__<function>`); when not sent, the name it would have had. */
  callName: string;
  /** Codex: the namespace and the function name apart. */
  namespace?: string;
  functionName?: string;
  /** The final schema, as this client sends it: what the form is built from. */
  schema: unknown;
  reasons: ClientFinding[];
}

/** What the Try it panel knows about one tool. */
export interface TryTarget {
  serverId: string;
  toolName: string;
  serverStatus: ServerStatus;
  /** The schemas as the server listed them: arguments are checked against the input schema. */
  inputSchema: unknown;
  outputSchema?: unknown;
  /** The permission rule that applies (ours as exported plus the settings files'). */
  decision: EffectiveDecision;
  clients: TryClient[];
}
