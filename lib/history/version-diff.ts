/**
 * The diff between two versions of one tool: the schema as a structural diff
 * (lib/schema's diffSchemas, JSON Pointer paths) and the description as a word-level text diff. Pure.
 */
import { diffWords } from "diff";
import { diffSchemas } from "@/lib/schema/diff";
import type { TextDiffPart, ToolVersion, ToolVersionDiff } from "./types";

export interface VersionContent {
  version: ToolVersion;
  schema: unknown;
  description: string;
}

export function diffDescriptions(before: string, after: string): TextDiffPart[] {
  return diffWords(before, after).map((part) => {
    const out: TextDiffPart = { value: part.value };
    if (part.added) out.added = true;
    if (part.removed) out.removed = true;
    return out;
  });
}

export function diffVersions(serverId: string, toolName: string, from: VersionContent, to: VersionContent): ToolVersionDiff {
  return {
    serverId,
    toolName,
    from: from.version,
    to: to.version,
    schema: { before: from.schema, after: to.schema, changes: diffSchemas(from.schema, to.schema) },
    description: { before: from.description, after: to.description, parts: diffDescriptions(from.description, to.description) },
  };
}
