/**
 * The context cost of one client view (docs/cost.md): every tool's wire element serialized as the client
 * sends it (JSON, no whitespace: Claude Code's JSON.stringify and Codex's serde_json agree), measured in
 * characters, UTF-8 bytes and tokens; per server with the wrapper the client puts around its tools; in all
 * as the whole MCP part of the `tools` array. For Claude Code both loadings are costed (every tool in
 * full, or deferred behind ToolSearch with only names up front) and the one the user's setting selects is
 * said. Pure and deterministic: the same view gives the same report.
 */
import {
  DEFERRED_ENTRIES,
  deferredAnnouncement,
  isAlwaysLoad,
  toolLoadingOf,
  verdictByCallName,
  type ClientView,
  type ToolSearchSetting,
  type ToolVerdict,
} from "@/lib/clients";
import type { ServerToolList } from "@/lib/reconcile/types";
import { compareCodeUnits } from "@/lib/json/values";
import { count as words } from "@/lib/text/count";
import { addSizes, measure, ZERO, type TokenCounter } from "./measure";
import type { ApiTokenCount, CostReport, DeferredCost, HeavyItem, LoadingDecision, ServerCost, TextSize, TokenMethod, ToolCost } from "./types";

export interface CostOptions {
  count: TokenCounter;
  tokens: TokenMethod;
  profile?: string | null;
  /** Claude Code: ENABLE_TOOL_SEARCH as read from the environment or a settings file, or null when unset. */
  toolSearch?: ToolSearchSetting | null;
  /** Claude Code's `auto:N` compares with N% of this many tokens. */
  contextWindow?: number;
  /** How many heaviest tools and descriptions to list. */
  heaviest?: number;
  /**
   * Anthropic's own count, when it was asked (on demand only): it replaces the token count of every tool,
   * of the whole array (the API's tool-use framing included) and of the deferred announcement.
   */
  api?: ApiTokenCount | null;
}

/** The context window `auto:N` is taken against when none is given: Claude's standard 200,000 tokens. */
export const DEFAULT_CONTEXT_WINDOW = 200_000;

interface Sent {
  verdict: ToolVerdict;
  name: string;
  /** The wire element as serialized in the request. */
  text: string;
  description: string;
  alwaysLoad: boolean;
}

/**
 * The tools a view sends, in wire order, each with its serialized wire element; and for Codex each
 * server's namespace element, serialized (its tools and the wrapper around them).
 */
function sentTools(view: ClientView, servers: readonly ServerToolList[]): { sent: Sent[]; namespaces: Map<string, string> } {
  const rawOf = new Map(servers.map((s) => [s.id, Array.isArray(s.tools) ? s.tools : []]));
  const raw = (v: ToolVerdict) => rawOf.get(v.serverId)?.[v.position - 1];
  const out: Sent[] = [];
  const namespaces = new Map<string, string>();
  for (const element of view.wire) {
    if ("type" in element && element.type === "namespace") {
      for (const fn of element.tools) {
        const verdict = verdictByCallName(view, `${element.name}__${fn.name}`);
        if (!verdict) continue;
        out.push({ verdict, name: `${element.name}__${fn.name}`, text: JSON.stringify(fn), description: fn.description, alwaysLoad: false });
        namespaces.set(verdict.serverId, JSON.stringify(element));
      }
      continue;
    }
    const tool = element as { name: string; description: string };
    const verdict = verdictByCallName(view, tool.name);
    if (!verdict) continue;
    out.push({ verdict, name: tool.name, text: JSON.stringify(element), description: tool.description, alwaysLoad: view.client.id === "claude-code" && isAlwaysLoad(raw(verdict)) });
  }
  return { sent: out, namespaces };
}

/** The context cost of a view; `servers` are the raw lists the view was made from (for always-load marks). */
export function contextCost(view: ClientView, servers: readonly ServerToolList[], options: CostOptions): CostReport {
  const { count } = options;
  const { sent, namespaces } = sentTools(view, servers);
  const defers = view.client.id === "claude-code";

  const api = options.api ?? null;
  const counted = (size: TextSize, tokens: number | null | undefined): TextSize => (typeof tokens === "number" ? { ...size, tokens } : size);
  const loadedTotal = counted(measure(JSON.stringify(view.wire), count), api ? api.withTools - api.baseline : null);
  const perTool = sent.map((s) => ({
    s,
    loaded: counted(measure(s.text, count), api?.perTool[s.name]),
    description: measure(s.description, count),
    deferred: defers && !s.alwaysLoad ? measure(`${s.name}\n`, count) : defers ? ZERO : null,
  }));

  const deferred: DeferredCost | null = defers
    ? (() => {
        const announced = sent.filter((s) => !s.alwaysLoad).map((s) => s.name);
        const announcement = announced.length > 0 ? counted(measure(deferredAnnouncement(announced), count), api?.announcement) : ZERO;
        const alwaysLoaded = addSizes(perTool.filter((t) => t.s.alwaysLoad).map((t) => t.loaded));
        return { announcement, alwaysLoaded, toolSearch: measure(JSON.stringify(DEFERRED_ENTRIES), count), total: addSizes([announcement, alwaysLoaded]) };
      })()
    : null;

  const loading = decide(view, options, loadedTotal, deferred);
  const upFrontOf = (t: (typeof perTool)[number]): TextSize => (loading.applies === "loaded" || t.s.alwaysLoad ? t.loaded : (t.deferred ?? t.loaded));
  const tools: ToolCost[] = perTool.map((t) => ({
    serverId: t.s.verdict.serverId,
    originalName: t.s.verdict.originalName,
    name: t.s.name,
    loaded: t.loaded,
    description: t.description,
    deferred: t.deferred,
    alwaysLoad: t.s.alwaysLoad,
    upFront: upFrontOf(t),
  }));
  const upFrontTotal = loading.applies === "loaded" || !deferred ? loadedTotal : deferred.total;

  const serverCosts: ServerCost[] = view.servers.map((server) => {
    const own = tools.filter((t) => t.serverId === server.serverId);
    const namespace = namespaces.get(server.serverId);
    const loaded = namespace !== undefined ? measure(namespace, count) : addSizes(own.map((t) => t.loaded));
    const upFront = loading.applies === "loaded" ? loaded : addSizes(own.map((t) => t.upFront));
    return { serverId: server.serverId, tools: own.length, loaded, upFront, share: share(upFront.tokens, upFrontTotal.tokens) };
  });

  const limit = options.heaviest ?? 10;
  const heavy = (pick: (t: ToolCost) => TextSize): HeavyItem[] =>
    [...tools]
      .sort((a, b) => pick(b).tokens - pick(a).tokens || compareCodeUnits(a.name, b.name))
      .slice(0, limit)
      .filter((t) => pick(t).tokens > 0)
      .map((t) => ({ serverId: t.serverId, originalName: t.originalName, name: t.name, tokens: pick(t).tokens, chars: pick(t).chars, share: share(pick(t).tokens, loadedTotal.tokens) }));

  return {
    client: view.client,
    profile: options.profile ?? null,
    fleetHash: view.fleetHash,
    tokens: options.tokens,
    loading,
    total: { loaded: loadedTotal, deferred, upFront: upFrontTotal },
    servers: serverCosts,
    tools,
    heaviest: { tools: heavy((t) => t.loaded), descriptions: heavy((t) => t.description) },
    notes: notesFor(view, sent.length),
  };
}

function share(part: number, whole: number): number {
  return whole > 0 ? part / whole : 0;
}

/** Which loading applies: Claude Code reads ENABLE_TOOL_SEARCH; the others send every tool in full. */
function decide(view: ClientView, options: CostOptions, loaded: TextSize, deferred: DeferredCost | null): LoadingDecision {
  if (view.client.id === "codex") {
    return { applies: "loaded", setting: null, reason: "Codex sends every tool of an enabled server in full with each request (as captured; see the note on its default model)" };
  }
  if (view.client.id === "agent-sdk" || !deferred) {
    return { applies: "loaded", setting: null, reason: "an Agent SDK host sends the whole tools array it is given with each request" };
  }
  const setting = toolLoadingOf(options.toolSearch ?? null);
  if (setting.mode === "eager") return { applies: "loaded", setting, reason: setting.reason };
  if (setting.mode === "deferred") return { applies: "deferred", setting, reason: setting.reason };
  const window = options.contextWindow ?? DEFAULT_CONTEXT_WINDOW;
  const threshold = Math.floor((window * setting.percent) / 100);
  const above = loaded.tokens > threshold;
  const estimate = options.tokens.kind === "estimate" ? " (by this estimate; Claude Code counts for itself, so near the threshold it may decide otherwise)" : "";
  return {
    applies: above ? "deferred" : "loaded",
    setting,
    reason: `${setting.reason}: the tools take ${loaded.tokens.toLocaleString("en")} tokens, ${above ? "more" : "not more"} than ${setting.percent}% of a ${window.toLocaleString("en")}-token window (${threshold.toLocaleString("en")})${estimate}, so they are ${above ? "deferred" : "sent in full"}`,
  };
}

function notesFor(view: ClientView, sent: number): string[] {
  const notes = [`${words(sent, "tool")} sent; sizes are of each tool's wire element serialized as JSON without whitespace, as the request carries it`];
  if (view.client.id === "claude-code") {
    notes.push(
      "Deferred: only the names go up front (one line each under a fixed sentence in a system message), plus ToolSearch and a placeholder entry, which Claude Code sends whenever anything is deferred (built-in tools are deferred too); a tool's full entry arrives when the model loads it (a description may then run to 16,384 characters instead of 4,096: not captured, so the loaded cost here uses the 4,096 cut)",
      "Not counted: the server instructions Claude Code puts in its system prompt, and its own built-in tools",
    );
  }
  if (view.client.id === "codex") {
    notes.push(
      "Codex 0.169.0's default model (gpt-6.1-sol, whose tool mode is code_mode_only) was seen to defer MCP tools instead: up front only a `- mcp__<server>: <description>` line per server, the tools reachable from its exec tool; these figures are for a model that takes the tools as functions, as the captures show",
    );
  }
  return notes;
}
