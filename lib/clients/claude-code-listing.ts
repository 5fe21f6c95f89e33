/**
 * Claude Code's strict reading of `tools/list` (docs/clients.md "Claude Code 2.1.328: Which servers
 * and tools are listed"): it parses the result with its MCP SDK's result schema, so one tool that breaks `ToolSchema` makes the whole result
 * invalid and the server lists 0 tools (a bad tool on page 2 also loses pages 1 and 3). These are the
 * fields that schema (MCP SDK 1.x `ToolSchema`) refuses, each put into words naming the tool.
 */
import { isPlainObject } from "@/lib/json/values";

/** One field of one tool that the SDK's schema refuses. */
export interface ListFault {
  /** Where, as Claude Code's error names it: `tools.<index>.inputSchema.type` (index in the whole list). */
  path: string;
  /** In words, naming the tool: "`get-library-docs` has no root type". */
  words: string;
}

const HINTS = ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const;
const TASK_SUPPORT = new Set(["required", "optional", "forbidden"]);
const THEMES = new Set(["light", "dark"]);

/** How a tool is named in messages: its name in backticks, or its place when it has none. */
export function toolLabel(raw: unknown, position: number): string {
  const name = isPlainObject(raw) ? raw.name : undefined;
  return typeof name === "string" ? `\`${name}\`` : `the tool at position ${position} (no name)`;
}

/** Every field of one listed tool that Claude Code's MCP SDK refuses; empty when the tool parses. */
export function strictToolFaults(raw: unknown, position: number): ListFault[] {
  const at = `tools.${position - 1}`;
  const who = toolLabel(raw, position);
  if (!isPlainObject(raw)) return [{ path: at, words: `${who} is ${kind(raw)}, not a tool object` }];
  const faults: ListFault[] = [];
  const fault = (field: string, words: string) => faults.push({ path: `${at}.${field}`, words: `${who} ${words}` });

  if (raw.name === undefined) fault("name", "has no name");
  else if (typeof raw.name !== "string") fault("name", `has a name that is ${kind(raw.name)}, not a string`);
  if (raw.title !== undefined && typeof raw.title !== "string") fault("title", `has a title that is ${kind(raw.title)}, not a string`);
  if (raw.description !== undefined && typeof raw.description !== "string") {
    fault("description", `has a description that is ${kind(raw.description)}, not a string`);
  }
  iconFaults(raw.icons, fault);
  if (raw.inputSchema === undefined) fault("inputSchema", "has no inputSchema");
  else schemaFaults(raw.inputSchema, "inputSchema", fault);
  if (raw.outputSchema !== undefined) schemaFaults(raw.outputSchema, "outputSchema", fault);
  if (raw.annotations !== undefined) {
    if (!isPlainObject(raw.annotations)) fault("annotations", `has annotations that are ${kind(raw.annotations)}, not an object`);
    else {
      const a = raw.annotations;
      if (a.title !== undefined && typeof a.title !== "string") fault("annotations.title", "has an annotations.title that is not a string");
      for (const hint of HINTS) {
        if (a[hint] !== undefined && typeof a[hint] !== "boolean") fault(`annotations.${hint}`, `has annotations.${hint} ${JSON.stringify(a[hint])}, not true or false`);
      }
    }
  }
  if (raw.execution !== undefined) {
    if (!isPlainObject(raw.execution)) fault("execution", `has an execution field that is ${kind(raw.execution)}, not an object`);
    else if (raw.execution.taskSupport !== undefined && !TASK_SUPPORT.has(raw.execution.taskSupport as string)) {
      fault("execution.taskSupport", `has execution.taskSupport ${JSON.stringify(raw.execution.taskSupport)}, not "required", "optional" or "forbidden"`);
    }
  }
  if (raw._meta !== undefined && !isPlainObject(raw._meta)) fault("_meta", `has a _meta that is ${kind(raw._meta)}, not an object`);
  return faults;
}

// `inputSchema` and `outputSchema` share one shape: type "object", properties of objects, required of strings.
function schemaFaults(schema: unknown, field: string, fault: (field: string, words: string) => void): void {
  if (!isPlainObject(schema)) return fault(field, `has an ${field} that is ${kind(schema)}, not an object`);
  if (schema.type === undefined) fault(`${field}.type`, field === "inputSchema" ? "has no root type" : `has an ${field} with no root type`);
  else if (schema.type !== "object") {
    fault(`${field}.type`, `has ${field === "inputSchema" ? "a root" : `an ${field} root`} type ${JSON.stringify(schema.type)}, not "object"`);
  }
  // A record: its values are not checked (a boolean property schema passes; observed).
  if (schema.properties !== undefined && !isPlainObject(schema.properties)) {
    fault(`${field}.properties`, `has ${field}.properties that is ${kind(schema.properties)}, not an object`);
  }
  if (schema.required !== undefined && !(Array.isArray(schema.required) && schema.required.every((r) => typeof r === "string"))) {
    fault(`${field}.required`, `has ${field}.required that is not an array of names`);
  }
}

function iconFaults(icons: unknown, fault: (field: string, words: string) => void): void {
  if (icons === undefined) return;
  if (!Array.isArray(icons)) return fault("icons", `has icons that are ${kind(icons)}, not an array`);
  icons.forEach((icon, i) => {
    if (!isPlainObject(icon)) return fault(`icons.${i}`, `has icon ${i} that is ${kind(icon)}, not an object`);
    if (typeof icon.src !== "string") fault(`icons.${i}.src`, `has icon ${i} without a src string`);
    if (icon.mimeType !== undefined && typeof icon.mimeType !== "string") fault(`icons.${i}.mimeType`, `has icon ${i} with a mimeType that is not a string`);
    if (icon.sizes !== undefined && !(Array.isArray(icon.sizes) && icon.sizes.every((s) => typeof s === "string"))) {
      fault(`icons.${i}.sizes`, `has icon ${i} with sizes that are not an array of strings`);
    }
    if (icon.theme !== undefined && !THEMES.has(icon.theme as string)) fault(`icons.${i}.theme`, `has icon ${i} with theme ${JSON.stringify(icon.theme)}, not "light" or "dark"`);
  });
}

function kind(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === "object") return "an object";
  return `${typeof value === "number" ? "the number" : typeof value === "boolean" ? "the boolean" : `a ${typeof value}`} ${String(value)}`;
}
