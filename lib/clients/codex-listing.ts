/**
 * Codex's reading of `tools/list` (docs/clients.md "Codex CLI 0.169.0: Which servers and tools are
 * listed"): its MCP client (rmcp) deserializes the whole result into typed tools, so a tool it cannot read fails the server's startup ("Unexpected
 * response type") and the server has no namespace. It is far more lenient than Claude Code's: the
 * inputSchema only has to be an object (any root type is kept), optional fields may be null.
 */
import { isPlainObject } from "@/lib/json/values";
import { toolLabel, type ListFault } from "./claude-code-listing";

const HINTS = ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const;

/** Every field of one listed tool that Codex's MCP client cannot read; empty when the tool reads. */
export function codexToolFaults(raw: unknown, position: number): ListFault[] {
  const at = `tools.${position - 1}`;
  const who = toolLabel(raw, position);
  if (!isPlainObject(raw)) return [{ path: at, words: `${who} is not a tool object` }];
  const faults: ListFault[] = [];
  const fault = (field: string, words: string) => faults.push({ path: `${at}.${field}`, words: `${who} ${words}` });
  const optional = (v: unknown) => v === undefined || v === null;
  if (typeof raw.name !== "string") fault("name", raw.name === undefined ? "has no name" : "has a name that is not a string");
  if (!optional(raw.title) && typeof raw.title !== "string") fault("title", "has a title that is not a string");
  if (!optional(raw.description) && typeof raw.description !== "string") fault("description", "has a description that is not a string");
  if (raw.inputSchema === undefined) fault("inputSchema", "has no inputSchema");
  else if (!isPlainObject(raw.inputSchema)) fault("inputSchema", "has an inputSchema that is not an object");
  if (!optional(raw.outputSchema) && !isPlainObject(raw.outputSchema)) fault("outputSchema", "has an outputSchema that is not an object");
  if (!optional(raw.annotations)) {
    if (!isPlainObject(raw.annotations)) fault("annotations", "has annotations that are not an object");
    else {
      const a = raw.annotations;
      if (!optional(a.title) && typeof a.title !== "string") fault("annotations.title", "has an annotations.title that is not a string");
      for (const hint of HINTS) if (!optional(a[hint]) && typeof a[hint] !== "boolean") fault(`annotations.${hint}`, `has annotations.${hint} that is not true or false`);
    }
  }
  if (!optional(raw.icons)) {
    if (!Array.isArray(raw.icons) || !raw.icons.every((icon) => isPlainObject(icon) && typeof icon.src === "string")) fault("icons", "has icons Codex cannot read");
  }
  if (!optional(raw._meta) && !isPlainObject(raw._meta)) fault("_meta", "has a _meta that is not an object");
  return faults;
}
