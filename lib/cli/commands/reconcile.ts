/**
 * `mcp-fleet reconcile --tools <serverId>=<file> [--tools ...] [--json]`: reconciles saved tools/list responses without connecting to anything, and prints the summary or,
 * with --json, the FleetSnapshot. A bad file is one line naming it; a bad tool is part of the answer.
 */
import { readFile } from "node:fs/promises";
import { parseJsonText } from "@/lib/json/json-text";
import { reconcile } from "@/lib/reconcile";
import type { ServerToolList } from "@/lib/reconcile/types";
import { formatSnapshotSummary } from "../format-snapshot";
import { parseFlags } from "../flags";
import { CliError, resolveUserPath, type CliIO, type Command } from "../io";

export const usage = "usage: mcp-fleet reconcile --tools <serverId>=<file> [--tools <serverId>=<file> ...] [--json]";

export interface ReconcileArgs {
  sources: { serverId: string; file: string }[];
  json: boolean;
}

export function parseReconcileArgs(args: string[]): ReconcileArgs {
  const flags = parseFlags(args, ["tools", "json"]);
  const sources: ReconcileArgs["sources"] = [];
  for (const value of flags.tools) {
    const eq = value.indexOf("=");
    if (eq <= 0 || eq === value.length - 1) throw new CliError(`--tools "${value}" is not <serverId>=<file>`);
    const serverId = value.slice(0, eq);
    const file = value.slice(eq + 1);
    const earlier = sources.find((s) => s.serverId === serverId);
    if (earlier) throw new CliError(`server id "${serverId}" is given twice (${earlier.file} and ${file}); give each server its own id`);
    sources.push({ serverId, file });
  }
  if (sources.length === 0) throw new CliError("no --tools given");
  return { sources, json: flags.json };
}

/** The tools array of a saved tools/list response: `{"result":{"tools":[...]}}`, `{"tools":[...]}` or `[...]`. */
export function toolsOfResponse(data: unknown): unknown[] | string {
  if (Array.isArray(data)) return data;
  if (typeof data !== "object" || data === null) return `holds ${data === null ? "null" : `a ${typeof data}`}, not a tools/list response`;
  const record = data as Record<string, unknown>;
  if (Array.isArray(record.tools)) return record.tools;
  const result = record.result as Record<string, unknown> | undefined;
  if (typeof result === "object" && result !== null && Array.isArray(result.tools)) return result.tools;
  const error = record.error as { message?: unknown } | undefined;
  if (typeof error === "object" && error !== null) return `holds a JSON-RPC error (${String(error.message ?? "no message")}), not a tools list`;
  return 'has no tools array (expected {"result":{"tools":[...]}}, {"tools":[...]} or a bare array)';
}

async function readServer(serverId: string, file: string, io: CliIO): Promise<ServerToolList> {
  const full = resolveUserPath(file, io);
  let text: string;
  try {
    text = await readFile(full, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "is a directory" : code === "EACCES" ? "permission denied" : String(code ?? error);
    throw new CliError(`${file}: cannot read (${why})`);
  }
  const parsed = parseJsonText(text);
  if (!parsed.ok) throw new CliError(`${file}: not JSON (${parsed.error.message} at line ${parsed.error.line}, column ${parsed.error.column})`);
  const tools = toolsOfResponse(parsed.value);
  if (typeof tools === "string") throw new CliError(`${file}: ${tools}`);
  return { id: serverId, status: "ready", tools };
}

export const run: Command = async (args, io) => {
  const { sources, json } = parseReconcileArgs(args);
  const servers: ServerToolList[] = [];
  for (const { serverId, file } of sources) servers.push(await readServer(serverId, file, io));
  const snapshot = reconcile(servers);
  io.out(json ? JSON.stringify(snapshot, null, 2) : formatSnapshotSummary(snapshot));
  return 0;
};
