/**
 * Claude Code's deferred mode (docs/clients.md "Deferred mode"): what it sends up front instead of the
 * MCP tools, and which setting turns it on. Up front go `ToolSearch` and `DeferredToolPlaceholder` in
 * the `tools` array, and every deferred tool's name, one per line, under a fixed sentence in a system
 * message; a tool marked `_meta["anthropic/alwaysLoad"]: true` is sent whole instead. A tool's full
 * entry reaches the model only when the model loads it through ToolSearch.
 */
import { isPlainObject } from "@/lib/json/values";
import type { ClaudeWireTool } from "./types";

/** The capture the entries and the wording below were copied from (a test keeps them equal). */
export const DEFERRED_SOURCE = "lib/clients/__captures__/claude-code@2.1.328/demo.deferred.json";

/** The two entries Claude Code 2.1.328 puts in its `tools` array whenever any tool is deferred (built-in tools are deferred too). */
export const DEFERRED_ENTRIES: readonly (ClaudeWireTool & { defer_loading?: true })[] = [
  {
    name: "ToolSearch",
    description:
      "Fetches full schema definitions for deferred tools so they can be called.\n\nDeferred tools appear by name in a message from the system. Until fetched, only the name is known \u2014 there is no parameter schema, so the tool cannot be invoked. This tool takes a query, matches it against the deferred tool list, and returns the matched tools' complete JSONSchema definitions inside a <functions> block. Once a tool's schema appears in that result, it is callable exactly like any tool defined at the top of the prompt.\n\nResult format: each matched tool appears as one <function>{\"description\": \"...\", \"name\": \"...\", \"parameters\": {...}}</function> line inside the <functions> block \u2014 the same encoding as the tool list at the top of this prompt.\n\nQuery forms:\n- \"select:Read,Edit,Grep\" \u2014 fetch these exact tools by name\n- \"notebook jupyter\" \u2014 keyword search, up to max_results best matches\n- \"+slack send\" \u2014 require \"slack\" in the name, rank by remaining terms",
    input_schema: {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: {
        query: { description: 'Query to find deferred tools. Use "select:<tool_name>" for direct selection, or keywords to search.', type: "string" },
        max_results: { description: "Maximum number of results to return (default: 5)", default: 5, type: "number" },
      },
      required: ["query", "max_results"],
      additionalProperties: false,
    },
  },
  {
    name: "DeferredToolPlaceholder",
    description: "Reserved placeholder that keeps deferred tool loading active; never call this tool.",
    input_schema: { type: "object", properties: {} },
    defer_loading: true,
  },
];

/** The sentence before the deferred names; the names follow, one per line. */
export const DEFERRED_HEADING =
  'The following deferred tools are now available via ToolSearch. Their schemas are NOT loaded \u2014 calling them directly will fail with InputValidationError. Use ToolSearch with query "select:<name>[,<name>...]" to load tool schemas before calling them:';

/** The text that announces deferred tools: the heading, then one name per line. */
export function deferredAnnouncement(names: readonly string[]): string {
  return [DEFERRED_HEADING, ...names].join("\n");
}

/** `_meta["anthropic/alwaysLoad"] === true` on a raw tool: Claude Code sends it whole even in the deferred mode (`false` is no mark). */
export function isAlwaysLoad(raw: unknown): boolean {
  return isPlainObject(raw) && isPlainObject(raw._meta) && raw._meta["anthropic/alwaysLoad"] === true;
}

/** How Claude Code hands MCP tools to the model: all in the `tools` array, or deferred behind ToolSearch. */
export type ToolLoading =
  | { mode: "eager"; reason: string }
  | { mode: "deferred"; reason: string }
  /** `auto` / `auto:N`: deferred only when the MCP tools take more than `percent`% of the context window. */
  | { mode: "auto"; percent: number; reason: string };

/** Where ENABLE_TOOL_SEARCH was set, when it was: the environment, or a settings file's `env`. */
export interface ToolSearchSetting {
  value: string;
  source: string;
}

const TRUE_WORDS = ["1", "true", "yes", "on"];
const FALSE_WORDS = ["0", "false", "no", "off"];

/**
 * The mode a value of ENABLE_TOOL_SEARCH selects, as Claude Code 2.1.328 reads it (program text): unset,
 * a true word or any unknown value defers; a false word loads everything; `auto` is `auto:10` (so is an
 * `auto:` whose N is no number); `auto:0` always defers and `auto:100` never does.
 */
export function toolLoadingOf(setting: ToolSearchSetting | null): ToolLoading {
  if (setting === null) return { mode: "deferred", reason: "ENABLE_TOOL_SEARCH is not set: Claude Code 2.1.328 defers MCP tools behind ToolSearch by default" };
  const where = `ENABLE_TOOL_SEARCH=${setting.value} (${setting.source})`;
  const word = setting.value.toLowerCase().trim();
  const auto = /^auto(?::(.*))?$/.exec(setting.value);
  if (auto) {
    const given = auto[1] === undefined || auto[1].trim() === "" ? Number.NaN : Number(auto[1]);
    // A threshold that is no number is logged by Claude Code and replaced by its default, 10%.
    const clamped = Number.isNaN(given) ? 10 : Math.max(0, Math.min(100, given));
    if (clamped === 0) return { mode: "deferred", reason: `${where}: a threshold of 0% always defers` };
    if (clamped === 100) return { mode: "eager", reason: `${where}: a threshold of 100% never defers` };
    return { mode: "auto", percent: clamped, reason: `${where}: deferred when the MCP tools take more than ${clamped}% of the context window` };
  }
  if (TRUE_WORDS.includes(word)) return { mode: "deferred", reason: `${where}: MCP tools are deferred behind ToolSearch` };
  if (FALSE_WORDS.includes(word)) return { mode: "eager", reason: `${where}: every MCP tool is sent in full with each request` };
  return { mode: "deferred", reason: `${where} is not a value Claude Code knows; it defers, as when unset` };
}
