/**
 * The dispatcher's values (docs/calls.md: a working MCP call is three JSONs, the `tool_use` the model sends
 * under the client's name, the `tools/call` the host sends under the original name, and the result).
 * Pure types: the dashboard, the CLI and a generated Agent SDK dispatcher share them.
 */
import type { ClientFinding, ClientId } from "@/lib/clients/types";
import type { EffectiveDecision, SourcedRule } from "@/lib/permissions/types";
import type { ServerToolList } from "@/lib/reconcile/types";
import type { InstanceCheck, InstanceError } from "@/lib/schema/validate-instance";
import type { ClientView } from "@/lib/clients/types";

/** What the model asked for, as its client hands it to the host. */
export interface ToolCall {
  /**
   * The name as the client sends it: an Agent SDK exposed name (`tracker__create_issue`), a Claude Code
   * name (`mcp__fs__files_read`), or Codex's `<namespace>__<function>` (`mcp__fs__files_read`).
   */
  name: string;
  /** Codex: the namespace, when the function name is given apart from it (`name` is then the function's). */
  namespace?: string;
  /** The arguments the model filled in; MCP wants a JSON object. */
  arguments: unknown;
  /** The model's id for this call (`toolu_...`, `call_...`); the host answers under it. */
  id: string;
}

/** The Claude API block a model sends (Claude Code and an Agent SDK host). */
export interface ToolUseBlock {
  type: "tool_use";
  id: string;
  name: string;
  input: unknown;
}

/** The Responses API item Codex's model sends: the arguments as JSON text. */
export interface FunctionCallItem {
  type: "function_call";
  call_id: string;
  namespace?: string;
  name: string;
  arguments: string;
}

export type ModelToolCall = ToolUseBlock | FunctionCallItem;

/** What the host answers the model when it does not call the tool (or the call failed): an error it can recover from. */
export interface ToolResultBlock {
  type: "tool_result";
  tool_use_id: string;
  is_error: true;
  content: { type: "text"; text: string }[];
}

export interface FunctionCallOutputItem {
  type: "function_call_output";
  call_id: string;
  output: string;
}

export type ModelToolError = ToolResultBlock | FunctionCallOutputItem;

/** `params` of the `tools/call` request: the original name, the arguments as given. */
export interface ToolsCallParams {
  name: string;
  arguments: unknown;
}

/** The JSON-RPC request the host sends the server. */
export interface ToolsCallRequest {
  jsonrpc: "2.0";
  id: number | string;
  method: "tools/call";
  params: ToolsCallParams;
}

/** The tool a call name resolves to. */
export interface CallTarget {
  serverId: string;
  /** The name as the server lists it: what `tools/call` sends. */
  originalName: string;
  /** The name the model used, in the client's own form. */
  callName: string;
  /** 1-based place in the server's list. */
  position: number;
  /** As the server listed them: arguments are checked against the original, not the flattened, schema. */
  inputSchema: unknown;
  outputSchema?: unknown;
}

export type RefusalCode =
  /** No tool of the view has that name; the names that exist are listed, closest first. */
  | "unknown-tool"
  /** The client does not send that tool to the model (excluded, dropped, denied in its settings), with why. */
  | "not-sent"
  /** The name belongs to a server that is not connected. */
  | "server-unavailable"
  /** A deny rule matches: the tool is not called, and the rule is named. */
  | "denied"
  /** The arguments are not a JSON object. */
  | "arguments-not-object"
  /** The arguments fail the tool's original schema (and the call was not forced). */
  | "invalid-arguments"
  /** An ask rule matched and the user said no (or could not be asked). */
  | "declined";

export interface Refusal {
  code: RefusalCode;
  /** The text the host answers the model with. */
  message: string;
  /** unknown-tool: every name the model may call, closest first. */
  names?: string[];
  /** unknown-tool: the close ones alone. */
  closest?: string[];
  /** not-sent: every reason, with where it is documented. */
  reasons?: ClientFinding[];
  /** denied, declined: the rule. */
  rule?: SourcedRule;
  /** invalid-arguments: every failure with its path. */
  errors?: InstanceError[];
}

export interface DispatchInput {
  /** The client's view of the fleet (lib/clients). */
  view: ClientView;
  /** The raw tool lists the view was built from (the original schemas come from here). */
  servers: readonly ServerToolList[];
  call: ToolCall;
  /**
   * The permission rules in force, over Claude Code names and with Claude Code's semantics (deny, then
   * ask, then allow; docs/permissions.md): ours as exported plus the settings files'.
   */
  rules?: readonly SourcedRule[];
  /** The user already confirmed an ask rule for this call. */
  confirmed?: boolean;
  /** Send even when the arguments fail the original schema. */
  force?: boolean;
}

interface Resolved {
  target: CallTarget;
  /** The permission decision for the tool (`none`: no rule matched). */
  decision: EffectiveDecision;
  /** How the arguments fared against the original schema. */
  argumentCheck: InstanceCheck;
}

export type Dispatch =
  | ({ action: "send"; client: ClientId; params: ToolsCallParams; forced: boolean; confirmed: boolean } & Resolved)
  | ({ action: "confirm"; client: ClientId; question: string } & Resolved)
  | {
      action: "refuse";
      client: ClientId;
      refusal: Refusal;
      target: CallTarget | null;
      decision: EffectiveDecision | null;
      argumentCheck: InstanceCheck | null;
    };
