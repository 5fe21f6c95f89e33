/**
 * The fleet index packed for the page (`GET /api/fleet/index?form=packed`): the same FleetIndex, each
 * tool an array instead of an object, with what a row repeats left out. Ten thousand tools are 4.8 MB as
 * objects, most of it the same keys and names spelled again; packed they are about 2 MB, and the page
 * fetches, decodes and parses them before it paints its first rows. Lossless: `unpackIndexTool` gives an
 * object equal to the one packed, keys in the same order. Pure, no I/O: the server packs, the browser
 * unpacks.
 *
 * A tool: `[key, serverId, originalName, exposedName, claudeCodeName, schemaHash, flags, warnings,
 * ...one verdict per client (CLIENT_CHOICE_LIST order), title, annotations]`, trailing absent fields cut.
 * - `key`: 0 when it is `<serverId>:<originalName>`;
 * - `exposedName`: 0 when it is the original name, 1 when `<serverId>__<originalName>`, else itself (null: excluded);
 * - `claudeCodeName`: 0 when it is `mcp__<serverId>__<originalName>`;
 * - `flags`, `warnings`, `title`, `annotations`: 0 when absent.
 * A verdict: `[bytes, tokens, callName, namespace, flags, reason]`, an absent field 0 (a callName of null
 * stays null: dropped), trailing absent fields cut; or 1 when equal to the client's before it.
 */
import { CLIENT_CHOICE_LIST, type ClientChoice } from "@/lib/clients/choices";
import type { ToolAnnotations } from "@/lib/reconcile/types";
import type { FleetIndex, IndexTool, IndexVerdict, ToolFlag } from "./page-state";

/** What `form=packed` answers: the index with its tools packed. `packed` names the format's version. */
export interface PackedFleetIndex extends Omit<FleetIndex, "tools"> {
  packed: 1;
  tools: PackedTool[];
}

type Absent = 0;
type PackedVerdict = (number | string | null | ToolFlag[])[] | 1;
export type PackedTool = (string | number | null | ToolFlag[] | ToolAnnotations | PackedVerdict)[];

const VERDICT_FIELDS = 2;
const TOOL_FIELDS = 8 + CLIENT_CHOICE_LIST.length;

function cut<T>(row: T[], keep: number): T[] {
  let end = row.length;
  while (end > keep && row[end - 1] === 0) end--;
  return end === row.length ? row : row.slice(0, end);
}

function packVerdict(verdict: IndexVerdict): Exclude<PackedVerdict, 1> {
  return cut(
    [
      verdict.bytes,
      verdict.tokens,
      verdict.callName === undefined ? 0 : verdict.callName,
      verdict.namespace ?? 0,
      verdict.flags ?? 0,
      verdict.reason ?? 0,
    ],
    VERDICT_FIELDS,
  );
}

function sameRow(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (!Array.isArray(x) || !Array.isArray(y) || x.length !== y.length || x.some((v, j) => v !== y[j])) return false;
  }
  return true;
}

/** One tool, packed. */
export function packIndexTool(tool: IndexTool): PackedTool {
  const { serverId, originalName } = tool;
  const exposed = tool.exposedName === null ? null : tool.exposedName === originalName ? 0 : tool.exposedName === `${serverId}__${originalName}` ? 1 : tool.exposedName;
  const row: PackedTool = [
    tool.key === `${serverId}:${originalName}` ? 0 : tool.key,
    serverId,
    originalName,
    exposed,
    tool.claudeCodeName === `mcp__${serverId}__${originalName}` ? 0 : tool.claudeCodeName,
    tool.schemaHash,
    tool.flags ?? 0,
    tool.warnings ?? 0,
  ];
  let before: Exclude<PackedVerdict, 1> | null = null;
  for (const choice of CLIENT_CHOICE_LIST) {
    const packed = packVerdict(tool.clients[choice]);
    row.push(before !== null && sameRow(before, packed) ? 1 : packed);
    before = packed;
  }
  row.push(tool.title ?? 0, tool.annotations ?? 0);
  return cut(row, TOOL_FIELDS);
}

function unpackVerdict(row: readonly unknown[]): IndexVerdict {
  const verdict = {} as IndexVerdict;
  const [bytes, tokens, callName = 0, namespace = 0, flags = 0, reason = 0] = row;
  if (callName !== 0) verdict.callName = callName as string | null;
  if (namespace !== 0) verdict.namespace = namespace as string;
  if (flags !== 0) verdict.flags = flags as ToolFlag[];
  if (reason !== 0) verdict.reason = reason as string;
  verdict.bytes = bytes as number;
  verdict.tokens = tokens as number;
  return verdict;
}

/** One packed tool, as the object `packIndexTool` was given (keys in the server's order). */
export function unpackIndexTool(row: readonly unknown[]): IndexTool {
  const serverId = row[1] as string;
  const originalName = row[2] as string;
  const exposed = row[3] as string | number | null;
  const title = (row[TOOL_FIELDS] ?? 0) as string | Absent;
  const annotations = (row[TOOL_FIELDS + 1] ?? 0) as ToolAnnotations | Absent;
  const flags = row[6] as ToolFlag[] | Absent;
  const warnings = row[7] as number;
  const tool = { key: row[0] === 0 ? `${serverId}:${originalName}` : (row[0] as string), serverId, originalName } as IndexTool;
  if (title !== 0) tool.title = title;
  if (annotations !== 0) tool.annotations = annotations;
  tool.exposedName = exposed === 0 ? originalName : exposed === 1 ? `${serverId}__${originalName}` : (exposed as string | null);
  tool.claudeCodeName = row[4] === 0 ? `mcp__${serverId}__${originalName}` : (row[4] as string);
  tool.schemaHash = row[5] as string;
  if (flags !== 0) tool.flags = flags;
  if (warnings !== 0) tool.warnings = warnings;
  const clients = {} as Record<ClientChoice, IndexVerdict>;
  let before: IndexVerdict | null = null;
  for (let i = 0; i < CLIENT_CHOICE_LIST.length; i++) {
    const packed = row[8 + i] as readonly unknown[] | 1;
    // Equal to the client's before it: the same object (the index is never changed in place; a change
    // replaces a tool's entry whole), one object fewer per tool to make at 10,000 tools.
    const verdict: IndexVerdict = packed === 1 && before !== null ? before : unpackVerdict(packed as readonly unknown[]);
    clients[CLIENT_CHOICE_LIST[i]] = verdict;
    before = verdict;
  }
  tool.clients = clients;
  return tool;
}

/**
 * The JSON of `index` packed, each tool's packed text kept in `texts` by its entry: the entries an
 * index keeps from the one before (every tool of an unchanged server) are packed once.
 */
export function packedIndexJson(index: FleetIndex, texts: WeakMap<IndexTool, string>): string {
  const parts = new Array<string>(index.tools.length);
  for (let i = 0; i < index.tools.length; i++) {
    const tool = index.tools[i];
    let text = texts.get(tool);
    if (text === undefined) texts.set(tool, (text = JSON.stringify(packIndexTool(tool))));
    parts[i] = text;
  }
  const { tools: _tools, ...rest } = index;
  const head = JSON.stringify({ ...rest, packed: 1, tools: [] });
  return `${head.slice(0, -"[]}".length)}[${parts.join(",")}]}`;
}

/** The index a `form=packed` answer carries. */
export function unpackFleetIndex(packed: PackedFleetIndex): FleetIndex {
  const { packed: _format, tools, ...rest } = packed;
  const out = new Array<IndexTool>(tools.length);
  for (let i = 0; i < tools.length; i++) out[i] = unpackIndexTool(tools[i] as unknown[]);
  return { ...rest, tools: out };
}
