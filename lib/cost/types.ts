/**
 * Context cost (docs/cost.md): how much of the model's context one client's tools take, per tool, per
 * server and in all, in characters, UTF-8 bytes and tokens of exactly what the client sends. Pure types:
 * the CLI, the API and the pages read the same payload.
 */
import type { ClientInfo, ToolLoading } from "@/lib/clients";

/** The size of one piece of text: characters (Unicode code points), UTF-8 bytes, tokens. */
export interface TextSize {
  chars: number;
  bytes: number;
  tokens: number;
}

/** How the tokens were counted, said wherever a count is shown. */
export type TokenMethod =
  /** A tokenizer of the model's own encoding, run here: the count of the text is exact. */
  | { kind: "exact"; encoding: string; tokenizer: string; model: string; about: string }
  /** No tokenizer of the model is available here: an estimate, and how it was made. */
  | { kind: "estimate"; encoding: string; tokenizer: string; model: string; about: string }
  /** The provider's own count (Anthropic's count_tokens), asked on demand. */
  | { kind: "counted"; model: string; about: string };

export interface ToolCost {
  serverId: string;
  originalName: string;
  /** The name the model calls it by (Codex: `<namespace>__<name>`). */
  name: string;
  /** Its wire element as serialized in the request: what it costs when the model has it in full. */
  loaded: TextSize;
  /** Its description alone (a part of `loaded`). */
  description: TextSize;
  /** Claude Code's deferred mode: its name line in the announcement; null for a client that does not defer. */
  deferred: TextSize | null;
  /** Claude Code sends it whole even when tools are deferred (`_meta["anthropic/alwaysLoad"]`). */
  alwaysLoad: boolean;
  /** What it costs up front under the loading that applies. */
  upFront: TextSize;
}

export interface ServerCost {
  serverId: string;
  /** Tools the client sends from it. */
  tools: number;
  /** Its tools in full, with the wrapper the client puts around them (a Codex namespace). */
  loaded: TextSize;
  /** What it costs up front under the loading that applies. */
  upFront: TextSize;
  /** Its share of the fleet's up-front tokens, 0..1. */
  share: number;
}

/** One of the heaviest tools or descriptions, with its share of the total. */
export interface HeavyItem {
  serverId: string;
  originalName: string;
  name: string;
  tokens: number;
  chars: number;
  /** Share of the total tokens of every tool in full (`total.loaded.tokens`), 0..1. */
  share: number;
}

/** Claude Code's deferred mode, costed whether or not it applies. */
export interface DeferredCost {
  /** The announcement: the fixed sentence and one name per deferred MCP tool. */
  announcement: TextSize;
  /** Tools marked always-load, sent whole anyway. */
  alwaysLoaded: TextSize;
  /** ToolSearch and DeferredToolPlaceholder: sent whenever anything is deferred (built-in tools are too), so not counted as the MCP tools' own. */
  toolSearch: TextSize;
  /** What the MCP tools cost up front in this mode: the announcement and the always-load tools. */
  total: TextSize;
}

/** What applies for the user's settings, and why. */
export interface LoadingDecision {
  /** `loaded`: every tool sent in full; `deferred`: names up front, a tool in full once the model loads it. */
  applies: "loaded" | "deferred";
  /** The setting read (Claude Code: ENABLE_TOOL_SEARCH), or null. */
  setting: ToolLoading | null;
  reason: string;
}

export interface CostReport {
  client: ClientInfo;
  /** The profile costed, or null for the whole fleet. */
  profile: string | null;
  /** The view's fleet hash: the cost is of exactly this tool set. */
  fleetHash: string;
  tokens: TokenMethod;
  loading: LoadingDecision;
  total: {
    /** The whole MCP part of the `tools` array, serialized as sent. */
    loaded: TextSize;
    /** Claude Code's deferred mode; null for a client that does not defer. */
    deferred: DeferredCost | null;
    /** What applies (loaded or deferred total). */
    upFront: TextSize;
  };
  /** Servers by id. */
  servers: ServerCost[];
  /** Tools in the order the client sends them. */
  tools: ToolCost[];
  heaviest: { tools: HeavyItem[]; descriptions: HeavyItem[] };
  /** What the figures do not cover or how to read them, in words. */
  notes: string[];
}

/** The result of asking Anthropic's count_tokens for the tools of one Claude view. */
export interface ApiTokenCount {
  model: string;
  /** The minimal request with no tools. */
  baseline: number;
  /** The same request with every tool: `withTools - baseline` is what the tools cost, framing included. */
  withTools: number;
  /** Per tool name: the request with that tool alone, minus the baseline and the framing. */
  perTool: Record<string, number>;
  /**
   * What the API adds once per request when any tool is present (its tool-use system prompt), measured:
   * the single-tool counts add up to more than the all-tools count by this much per extra tool. Null with
   * fewer than two tools.
   */
  framing: number | null;
  /** Deferred mode: the announcement text, counted as message text. Null when not asked. */
  announcement: number | null;
  /** Requests sent. */
  requests: number;
}
