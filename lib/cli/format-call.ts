/**
 * A call as text for `mcp-fleet call` (docs/calls.md: a working call is three JSONs): the model's call under its
 * client's name, the host's tools/call under the original name (or why nothing was sent), the answer, and
 * the checks on the way: the arguments against the original schema, structuredContent against the
 * outputSchema, the notifications/cancelled a timeout sent.
 */
import type { CallRecord } from "@/lib/calls/types";
import type { ContentBlockReading } from "@/lib/dispatch";

const json = (value: unknown) => JSON.stringify(value, null, 2);

function argumentLine(record: CallRecord): string | null {
  const check = record.argumentCheck;
  if (!check) return null;
  if (check.status === "valid") return `arguments: valid against the original schema (${check.dialect})`;
  if (check.status === "unchecked") return `arguments: not checked: ${check.reason}`;
  const errors = check.errors.map((e) => `  ${e.path}: ${e.message}`);
  return [`arguments: do not match the original schema (${check.dialect})${record.forced ? "; sent anyway (--force)" : ""}`, ...errors].join("\n");
}

function blockLine(block: ContentBlockReading): string {
  switch (block.type) {
    case "text":
      return `text${block.json !== undefined ? " (JSON)" : ""}: ${block.text.length > 200 ? `${block.text.slice(0, 200)}…` : block.text}`;
    case "image":
    case "audio":
      return `${block.type} ${block.mimeType}, ${Math.floor((block.data.length * 3) / 4)} bytes${block.problem ? ` (${block.problem})` : ""}`;
    case "resource_link":
      return `resource link ${block.uri}${block.name ? ` (${block.name})` : ""}`;
    case "resource":
      return `resource ${block.uri}${block.mimeType ? ` (${block.mimeType})` : ""}`;
    case "other":
      return `unknown block type ${JSON.stringify(block.kind)}`;
  }
}

export function formatCall(record: CallRecord): string {
  const out: string[] = [];
  out.push(`1. ${record.toolUse.type} (${record.clientLabel})`, json(record.toolUse), "");
  if (record.request) out.push(`2. tools/call to server ${record.serverId}, tool ${JSON.stringify(record.toolName)}`, json(record.request), "");
  else out.push("2. tools/call: not sent", "");
  out.push(`3. ${record.request && record.result && typeof record.result === "object" && "jsonrpc" in record.result ? "the server's answer" : "the host's answer to the model"}: ${record.summary}`, json(record.result), "");
  const arg = argumentLine(record);
  if (arg) out.push(arg);
  if (record.decision && record.decision.decision !== "none") out.push(`permission: ${record.decision.why}${record.confirmed ? "; confirmed" : ""}`);
  const reading = record.reading;
  if (reading) {
    if (reading.isError) out.push("isError: true (the tool reports a failure; the model reads it)");
    for (const block of reading.blocks) out.push(`content: ${blockLine(block)}`);
    const s = reading.structured;
    if (s?.check?.status === "valid") out.push("structuredContent: matches the outputSchema");
    else if (s?.check?.status === "invalid") out.push(["structuredContent: does not match the outputSchema", ...s.check.errors.map((e) => `  ${e.path}: ${e.message}`)].join("\n"));
    else if (s?.check?.status === "unchecked") out.push(`structuredContent: not checked: ${s.check.reason}`);
    else if (s?.problem) out.push(`structuredContent: ${s.problem}`);
    for (const problem of reading.problems) out.push(`problem: ${problem}`);
  }
  if (record.cancellation) out.push(`sent to the server: ${JSON.stringify(record.cancellation)}`);
  if (record.durationMs !== null) out.push(`time: ${record.durationMs} ms in all${record.serverMs !== null ? `, ${record.serverMs} ms at the server` : ""}`);
  return out.join("\n");
}
