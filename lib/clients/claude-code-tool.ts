/**
 * What Claude Code does to one tool that survived the strict listing, on its own (docs/clients.md
 * "Claude Code per-tool checks", "flattening", "descriptions"): flatten a root combinator (or, before
 * 2.1.195, skip the tool), skip a schema the Claude API would reject (top-level property names, the
 * 2020-12 metaschema when `$schema` is absent or 2020-12), put the sentence before the description
 * and cut it. Depends on nothing fleet-wide, so its result can be cached per tool.
 */
import { CLAUDE_CODE_DESCRIPTION_LIMIT, cutDescription, type DescriptionCut } from "../reconcile/describe";
import { stripInvisible } from "../reconcile/names";
import { canonicalJson } from "../schema/canonical-json";
import { checkMetaschema, checkPropertyNames } from "../schema/checks";
import { MAX_SCHEMA_DEPTH } from "../schema/depth";
import type { SchemaAnalysis } from "../reconcile/schema-analysis";
import { flattenSchema, withConstraintSentence, type FlattenReport } from "../schema/flatten";
import { SOURCES } from "./sources";
import type { ClientFinding } from "./types";

/** Claude Code versions modelled: today's, and the last one before root combinators were flattened. */
export type ClaudeCodeVersion = "2.1.328" | "2.1.194";

export interface ClaudeCodeToolOptions {
  version: ClaudeCodeVersion;
  /** Description limit (`CLAUDE_CODE_MAX_MCP_DESCRIPTION_LENGTH`, default 4,096). */
  descriptionLimit: number;
}

export const DEFAULT_CLAUDE_CODE_TOOL_OPTIONS: ClaudeCodeToolOptions = { version: "2.1.328", descriptionLimit: CLAUDE_CODE_DESCRIPTION_LIMIT };

export type PreparedClaudeTool =
  | {
      ok: true;
      description: string;
      schema: unknown;
      /** canonicalJson(schema), for the tool hash. */
      canonicalSchema: string;
      cut: DescriptionCut | null;
      flattened: FlattenReport | null;
      notes: ClientFinding[];
    }
  | { ok: false; reasons: ClientFinding[] };

/**
 * One tool as Claude Code would send it, the name aside. `raw` must have passed `strictToolFaults`
 * (an object with a string name and an inputSchema of type "object"). `analysis`, when given, is the
 * reconciler's analysis of this very inputSchema: its flattening, and its checks and canonical text
 * when Claude Code sends the same schema object, are reused rather than computed again.
 */
export function prepareClaudeCodeTool(
  raw: Record<string, unknown>,
  options: ClaudeCodeToolOptions = DEFAULT_CLAUDE_CODE_TOOL_OPTIONS,
  analysis?: SchemaAnalysis,
): PreparedClaudeTool {
  const name = String(raw.name);
  const outcome = analysis ? analysis.flatten : flattenSchema(raw.inputSchema);
  const notes: ClientFinding[] = [];
  let schema = raw.inputSchema;
  let flattened: FlattenReport | null = null;
  if (outcome.status !== "unchanged" && options.version === "2.1.194") {
    const keyword = outcome.status === "flattened" ? outcome.info.keywords.join(" + ") : outcome.keyword;
    return {
      ok: false,
      reasons: [
        {
          code: "claude-code:root-combinator",
          message: `Claude Code before 2.1.195 skips every tool with a root ${keyword}; ${JSON.stringify(name)} is not sent`,
          path: `/${keyword.split(" ")[0]}`,
          source: SOURCES.claudeCodeBefore2195,
        },
      ],
    };
  }
  if (outcome.status === "failed") {
    return { ok: false, reasons: [{ code: "flatten:failed", message: outcome.reason, path: `/${outcome.keyword}`, source: SOURCES.claudeCodeFlattening }] };
  }
  if (outcome.status === "flattened") {
    schema = outcome.schema;
    flattened = outcome.info;
    notes.push({
      code: "claude-code:flattened",
      message: `root ${outcome.info.keywords.join(" + ")} flattened into one object schema${outcome.info.lostConstraint ? `; ${outcome.info.lostConstraint}` : ""}`,
      source: SOURCES.claudeCodeFlattening,
    });
  }

  if (!flattened) schema = parsedKeyOrder(schema as Record<string, unknown>);
  const cleaned = withoutInvisibleCharacters(schema);
  if (cleaned !== schema) {
    schema = cleaned;
    notes.push({ code: "claude-code:invisible-removed", message: "format and private-use characters (zero-width, bidi controls, BOM, soft hyphen) are removed from descriptions in the schema", source: SOURCES.claudeCodeDescriptions });
  }

  const reasons: ClientFinding[] = [];
  const skipped = (detail: string) =>
    `Claude Code skips ${JSON.stringify(name)}: its input schema would be rejected by the Anthropic API (${detail}); the server's other tools remain`;
  // The analysis holds the checks of this content; whatever object it was made from, they hold for the
  // schema Claude Code sends when that is the served schema (or its flattening) untouched.
  const same = analysis !== undefined && schema === (flattened ? analysis.finalSchema : raw.inputSchema);
  const checked = same ? analysis.claudeApi : null;
  for (const error of (checked?.propertyNames ?? checkPropertyNames(schema)).errors) {
    reasons.push({ ...error, message: skipped(error.message), source: SOURCES.claudeCodeChecks });
  }
  const meta = checked?.metaschema ?? checkMetaschema(schema);
  for (const error of meta.errors) reasons.push({ ...error, message: skipped(error.message), source: SOURCES.claudeCodeChecks });
  if (reasons.length > 0) return { ok: false, reasons };
  if (meta.check.status === "skipped") notes.push({ code: "claude-code:metaschema-skipped", message: meta.check.message, path: "/$schema", source: SOURCES.claudeCodeDialects });
  for (const warning of meta.warnings) notes.push({ ...warning, source: SOURCES.claudeCodeChecks });

  const given = typeof raw.description === "string" ? raw.description : "";
  const own = stripInvisible(given);
  if (own !== given) notes.push({ code: "claude-code:invisible-removed", message: `${given.length - own.length} format or private-use character(s) removed from the description`, path: "/description", source: SOURCES.claudeCodeDescriptions });
  const full = flattened ? withConstraintSentence(flattened.sentence, own) : own;
  const { text: description, cut } = cutDescription(full, options.descriptionLimit);
  if (cut) {
    notes.push({
      code: "claude-code:description-cut",
      message: `the description (${cut.originalLength.toLocaleString("en")} characters${flattened ? " with the flattening sentence" : ""}) is cut at ${cut.limit.toLocaleString("en")} and "${cut.suffix}" is appended`,
      path: "/description",
      source: SOURCES.claudeCodeDescriptions,
    });
  }
  return { ok: true, description, schema, canonicalSchema: same ? analysis.finalCanonical : canonicalJson(schema), cut, flattened, notes };
}

/** The schema with those characters removed from every `description` in it; the same object when none holds any. */
export function withoutInvisibleCharacters(schema: unknown, depth = 0): unknown {
  if (depth > MAX_SCHEMA_DEPTH || typeof schema !== "object" || schema === null) return schema;
  if (Array.isArray(schema)) {
    let out: unknown[] | null = null;
    schema.forEach((item, i) => {
      const next = withoutInvisibleCharacters(item, depth + 1);
      if (next !== item) (out ??= [...schema])[i] = next;
    });
    return out ?? schema;
  }
  let out: Record<string, unknown> | null = null;
  for (const [key, value] of Object.entries(schema)) {
    const next = key === "description" && typeof value === "string" ? stripInvisible(value) : withoutInvisibleCharacters(value, depth + 1);
    if (next !== value) (out ??= { ...(schema as Record<string, unknown>) })[key] = next;
  }
  return out ?? schema;
}

/**
 * The root's keys in the order Claude Code writes them back after parsing: `type`, `properties`,
 * `required` first, then the others as served (observed: a served `$schema` first comes out after them).
 */
function parsedKeyOrder(schema: Record<string, unknown>): Record<string, unknown> {
  const first = ["type", "properties", "required"].filter((k) => k in schema);
  const keys = Object.keys(schema);
  if (keys.slice(0, first.length).every((k, i) => k === first[i])) return schema;
  const out: Record<string, unknown> = {};
  for (const key of first) out[key] = schema[key];
  for (const key of keys) if (!(key in out)) out[key] = schema[key];
  return out;
}
