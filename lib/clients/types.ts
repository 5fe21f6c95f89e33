/**
 * Client views (docs/fleet-snapshot.md "Words": client, client view): what one client sends to the model for a
 * fleet, in its own wire format, and every tool or server it drops, with the reason in words and where
 * that behaviour is documented. Pure types: the UI, a dispatcher, a context-cost counter, an Agent SDK
 * bundle generator and an incremental cache all read these.
 */
import type { DescriptionCut } from "../reconcile/describe";
import type { FlattenReport } from "../schema/flatten";
import type { Finding, ServerStatus } from "../reconcile/types";

/** The clients MCP Fleet models. */
export type ClientId = "claude-code" | "codex" | "agent-sdk";

/** Which client, at which version: shown wherever a view is used. */
export interface ClientInfo {
  id: ClientId;
  /** The version modelled, e.g. `2.1.328`; `agent-sdk` is versioned with MCP Fleet's reconciler. */
  version: string;
  /** For people: `Claude Code 2.1.328`. */
  label: string;
}

/**
 * A reason in words, with where the behaviour is documented: a `docs/clients.md` section, or a
 * capture path (`lib/clients/__captures__/<client>@<version>/<fleet>.json`).
 */
export interface ClientFinding extends Finding {
  source: string;
}

/** One tool in the Claude API wire format: what Claude Code and an Agent SDK host send. */
export interface ClaudeWireTool {
  name: string;
  description: string;
  input_schema: unknown;
}

/** One MCP tool inside a Codex namespace (Responses API). */
export interface CodexWireFunction {
  type: "function";
  name: string;
  description: string;
  strict: false;
  parameters: unknown;
}

/** One Codex namespace: the tools of one server. */
export interface CodexWireNamespace {
  type: "namespace";
  /** `mcp__<server>`. */
  name: string;
  /** `Tools in the mcp__<server> namespace.` */
  description: string;
  tools: CodexWireFunction[];
}

/** What a client puts in its model request's `tools` array, per client. */
export interface WireFormats {
  "claude-code": ClaudeWireTool;
  codex: CodexWireNamespace;
  "agent-sdk": ClaudeWireTool;
}

/** One tool as the client sends it. */
export interface SentTool<E = ClaudeWireTool | CodexWireFunction> {
  /** The name in the wire entry (Codex: the function name inside its namespace). */
  name: string;
  /** Codex only: the namespace the function sits in (`mcp__<server>`). */
  namespace?: string;
  /**
   * The name a model calls it by, unique within the view: the wire name for Claude Code and the
   * Agent SDK, `<namespace>__<name>` for Codex. A dispatcher maps it back to (serverId, originalName).
   */
  callName: string;
  description: string;
  schema: unknown;
  /** Where the description was cut, or null when it was sent whole. */
  cut: DescriptionCut | null;
  /** How a root combinator was flattened and what the flat schema no longer enforces; null when not flattened. */
  flattened: FlattenReport | null;
  /** The wire entry itself, byte for byte what the client sends for this tool. */
  wire: E;
  /** SHA-256 of the canonical JSON of the wire entry (docs/fleet-snapshot.md "Words": tool hash). */
  toolHash: string;
}

/** A client's verdict on one (server, tool) as the fleet lists it. */
export interface ToolVerdict<E = ClaudeWireTool | CodexWireFunction> {
  serverId: string;
  /** The name as the server lists it; `(unnamed #3)` for a tool listed without a name. */
  originalName: string;
  /** 1-based place in the server's list (all pages in order). */
  position: number;
  status: "sent" | "dropped";
  /** Set when sent. */
  sent: SentTool<E> | null;
  /** Why the client drops it (every reason), when dropped. */
  reasons: ClientFinding[];
  /** What the client changed on the way (renamed, flattened, cut, schema rewritten), when sent. */
  notes: ClientFinding[];
}

/** A client's verdict on one server. */
export interface ServerVerdict {
  serverId: string;
  status: ServerStatus;
  /** Tools the server lists. */
  listed: number;
  /** Tools the client sends from it. */
  sent: number;
  /**
   * Set when the client loses the whole server (0 tools although the server lists some, or the
   * server itself is refused): the reason names the tool that causes it, e.g.
   * "Claude Code would list 0 tools: `get-library-docs` has no root type".
   */
  lost: (ClientFinding & { tool?: { originalName: string; position: number } }) | null;
}

/** Where a view's settings came from: a file read, and what in it applied. */
export interface AppliedSetting {
  /** e.g. `.claude/settings.json`, `config.toml`. */
  file: string;
  /** e.g. `deny mcp__github__delete_repo`, `disabled_tools = ["fetch"]` on server github. */
  setting: string;
}

/** What one client sends for the fleet, and what it drops and why. Deterministic for the same input. */
export interface ClientView<C extends ClientId = ClientId> {
  client: ClientInfo & { id: C };
  /** Exactly the array the client puts in its model request (MCP tools only), in its order. */
  wire: WireFormats[C][];
  /** One verdict per (server, tool) as the fleet lists them: servers by id, tools in list order. */
  tools: ToolVerdict<C extends "codex" ? CodexWireFunction : ClaudeWireTool>[];
  servers: ServerVerdict[];
  /** SHA-256 over the ordered tool hashes of `wire` (docs/fleet-snapshot.md "Words": fleet hash). */
  fleetHash: string;
  /** `<serverId>:<originalName>` -> index in `tools` (the first, when a server lists a name twice). Made when first read. */
  byTool: Record<string, number>;
  /** callName -> index in `tools`. Made when first read. */
  byCallName: Record<string, number>;
  /** Client settings that shaped the view (deny rules, enabled/disabled tools), with their files. */
  applied: AppliedSetting[];
}

/** Claude Code's own settings that change what it sends. */
export interface ClaudeCodeSettings {
  /** `permissions.deny` rules with the file each came from: a matching tool is removed from the request. */
  deny?: readonly { rule: string; file: string }[];
  /** `disabledMcpjsonServers` with the file each came from: the server is never started. */
  disabledServers?: readonly { server: string; file: string }[];
  /** `CLAUDE_CODE_MAX_MCP_DESCRIPTION_LENGTH`, when set. */
  maxDescriptionLength?: number;
}

/** Codex settings of one `[mcp_servers.<id>]` table that change what it sends (raw MCP tool names). */
export interface CodexServerToolSettings {
  enabled?: boolean;
  enabledTools?: readonly string[];
  disabledTools?: readonly string[];
  /** The file the table came from, for `applied`. */
  file?: string;
}

export interface CodexSettings {
  servers?: Readonly<Record<string, CodexServerToolSettings>>;
}
