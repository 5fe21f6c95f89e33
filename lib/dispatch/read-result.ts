/**
 * What a server answered to `tools/call`, read for people (MCP tools spec, "Tool Result"): each content
 * block by kind (text, and JSON inside it; image and audio with their MIME type; resource links and
 * embedded resources), `isError` (a tool's own failure, which the model sees), and `structuredContent`
 * checked against the tool's `outputSchema` when it has one (servers MUST conform; clients SHOULD
 * check). Nothing is trusted: a server may answer anything.
 */
import { isPlainObject } from "@/lib/json/values";
import { validateInstance, type InstanceCheck } from "@/lib/schema/validate-instance";

export type ContentBlockReading =
  | { type: "text"; text: string; /** The text parsed, when it is a JSON object or array. */ json?: unknown }
  | { type: "image" | "audio"; mimeType: string; data: string; /** Why it cannot be shown, when it cannot. */ problem?: string }
  | { type: "resource_link"; uri: string; name?: string; mimeType?: string }
  | { type: "resource"; uri: string; mimeType?: string; text?: string; blobBytes?: number }
  | { type: "other"; kind: string; raw: unknown };

export interface ResultReading {
  /** `isError: true`: the tool ran and reported a failure (the model reads it). */
  isError: boolean;
  blocks: ContentBlockReading[];
  /** structuredContent against outputSchema; null when there is nothing to check. */
  structured: { present: boolean; check: InstanceCheck | null; problem?: string } | null;
  /** Ways the answer breaks the spec (content not an array, a block without a type), in words. */
  problems: string[];
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function mediaBlock(type: "image" | "audio", block: Record<string, unknown>): ContentBlockReading {
  const mimeType = typeof block.mimeType === "string" ? block.mimeType : "";
  const data = typeof block.data === "string" ? block.data : "";
  const problem = !mimeType.startsWith(`${type}/`)
    ? `its mimeType ${JSON.stringify(block.mimeType ?? null)} is not ${type}/*`
    : data.length === 0 || data.length % 4 !== 0 || !BASE64.test(data)
      ? "its data is not base64"
      : undefined;
  return { type, mimeType, data, ...(problem ? { problem } : {}) };
}

function parseJsonText(text: string): unknown {
  const trimmed = text.trim();
  if (!(trimmed.startsWith("{") || trimmed.startsWith("["))) return undefined;
  try {
    return JSON.parse(trimmed);
  } catch {
    return undefined;
  }
}

export function readBlock(block: unknown): ContentBlockReading {
  if (!isPlainObject(block)) return { type: "other", kind: Array.isArray(block) ? "array" : typeof block, raw: block };
  switch (block.type) {
    case "text": {
      const text = typeof block.text === "string" ? block.text : "";
      const json = parseJsonText(text);
      return json === undefined ? { type: "text", text } : { type: "text", text, json };
    }
    case "image":
    case "audio":
      return mediaBlock(block.type, block);
    case "resource_link":
      return {
        type: "resource_link",
        uri: String(block.uri ?? ""),
        ...(typeof block.name === "string" ? { name: block.name } : {}),
        ...(typeof block.mimeType === "string" ? { mimeType: block.mimeType } : {}),
      };
    case "resource": {
      const resource = isPlainObject(block.resource) ? block.resource : {};
      return {
        type: "resource",
        uri: String(resource.uri ?? ""),
        ...(typeof resource.mimeType === "string" ? { mimeType: resource.mimeType } : {}),
        ...(typeof resource.text === "string" ? { text: resource.text } : {}),
        ...(typeof resource.blob === "string" ? { blobBytes: Math.floor((resource.blob.length * 3) / 4) } : {}),
      };
    }
    default:
      return { type: "other", kind: typeof block.type === "string" ? block.type : "(no type)", raw: block };
  }
}

/** Reads the `result` of a tools/call response against the tool's outputSchema (undefined: it has none). */
export function readResult(result: unknown, outputSchema?: unknown): ResultReading {
  const problems: string[] = [];
  if (!isPlainObject(result)) {
    return { isError: false, blocks: [], structured: null, problems: [`the result is ${Array.isArray(result) ? "an array" : typeof result}, not an object with content`] };
  }
  const content = result.content;
  if (!Array.isArray(content)) problems.push(content === undefined ? "the result has no content array" : "content is not an array");
  const blocks = Array.isArray(content) ? content.map(readBlock) : [];
  for (const [i, b] of blocks.entries()) {
    if (b.type === "other") problems.push(`content[${i}] is of unknown type ${JSON.stringify(b.kind)}`);
    if ((b.type === "image" || b.type === "audio") && b.problem) problems.push(`content[${i}] (${b.type}): ${b.problem}`);
  }
  if (result.isError !== undefined && typeof result.isError !== "boolean") problems.push("isError is not a boolean");
  const isError = result.isError === true;
  const present = result.structuredContent !== undefined;
  let structured: ResultReading["structured"] = null;
  if (outputSchema !== undefined) {
    if (present) structured = { present, check: validateInstance(outputSchema, result.structuredContent) };
    else if (!isError) structured = { present, check: null, problem: "the tool declares an outputSchema but sent no structuredContent (the spec says it must)" };
  } else if (present) {
    structured = { present, check: null };
  }
  return { isError, blocks, structured, problems };
}
