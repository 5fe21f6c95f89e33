/**
 * Exposed and Claude Code names (docs/fleet-snapshot.md rules 1-2, "Words"): the `<serverId>__<original>`
 * prefix, deterministic sanitizing with a hash suffix of `serverId:original`, and the Claude Code
 * name `mcp__<server>__<tool>` with every character outside [a-zA-Z0-9_-] replaced by `_` (never cut:
 * docs/clients.md). Never throws: every exposed name comes out matching EXPOSED_NAME_PATTERN.
 */
import { sha256Hex } from "../schema/hash";
import type { Finding } from "./types";

/** The Claude API's tool-name rule. */
export const EXPOSED_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
export const MAX_NAME_LENGTH = 64;
/** Hex digits of the suffix appended to over-long or clashing names. */
export const NAME_SUFFIX_LENGTH = 8;
const INVALID_CHARS = /[^a-zA-Z0-9_-]/g;
/** Nothing to replace or remove: the common case, answered by one test. */
const PLAIN_PART = /^[a-zA-Z0-9_-]*$/;

// Unicode format (Cf: zero-width space, bidi controls, BOM, soft hyphen), private-use (Co) and unassigned (Cn) characters.
const INVISIBLE = /[\p{Cf}\p{Co}\p{Cn}]/u;
const ALL_INVISIBLE = /[\p{Cf}\p{Co}\p{Cn}]/gu;

/** Text as Claude Code keeps it in names and descriptions: without format, private-use and unassigned characters (observed). */
export function stripInvisible(text: string): string {
  return INVISIBLE.test(text) ? text.replace(ALL_INVISIBLE, "") : text;
}

/**
 * One part of Claude Code's MCP tool name: format and private-use characters removed, then every
 * character outside [a-zA-Z0-9_-] made `_` (`zero\u200Bwidth` is `zerowidth`, `files.read` is `files_read`).
 */
export function sanitizeNamePart(part: string): string {
  return PLAIN_PART.test(part) ? part : stripInvisible(part).replace(INVALID_CHARS, "_");
}

/** The name Claude Code sends and its permission rules use: `mcp__<server>__<tool>`, both parts sanitized. */
export function claudeCodeName(serverId: string, toolName: string): string {
  return `mcp__${sanitizeNamePart(serverId)}__${sanitizeNamePart(toolName)}`;
}

/** The exposed name of a tool whose original name collides with another server's. */
export function prefixedName(serverId: string, originalName: string): string {
  return `${serverId}__${originalName}`;
}

/** A stable suffix for a tool: hex of SHA-256(`serverId:original`), same on every run. */
export function nameSuffix(serverId: string, originalName: string, length = NAME_SUFFIX_LENGTH): string {
  return sha256Hex(`${serverId}:${originalName}`).slice(0, length);
}

/** `name` cut so that `_<suffix>` fits in 64 characters. */
export function withSuffix(name: string, suffix: string): string {
  return `${name.slice(0, MAX_NAME_LENGTH - suffix.length - 1)}_${suffix}`;
}

export interface SanitizedName {
  name: string;
  /** Why the name differs from the candidate (empty when it is valid as it is). */
  reasons: Finding[];
}

/** Makes `candidate` match ^[a-zA-Z0-9_-]{1,64}$: invalid characters to `_`, over 64 cut + suffix. */
export function sanitizeName(candidate: string, serverId: string, originalName: string): SanitizedName {
  if (EXPOSED_NAME_PATTERN.test(candidate)) return { name: candidate, reasons: [] };
  const reasons: Finding[] = [];
  let name = candidate;
  const invalid = [...new Set(candidate.match(INVALID_CHARS) ?? [])];
  if (invalid.length > 0) {
    name = name.replace(INVALID_CHARS, "_");
    reasons.push({
      code: "name:invalid-chars",
      message: `${JSON.stringify(candidate)} holds ${invalid.map((c) => JSON.stringify(c)).join(", ")}, outside [a-zA-Z0-9_-]; each became "_"`,
    });
  }
  if (name.length > MAX_NAME_LENGTH || name.length === 0) {
    const before = name.length;
    name = withSuffix(name, nameSuffix(serverId, originalName));
    reasons.push({
      code: "name:too-long",
      message:
        before === 0
          ? `the name is empty; it became ${name}`
          : `${JSON.stringify(candidate)} is ${before} characters, over 64; it was cut and given the suffix of ${serverId}:${originalName}`,
    });
  }
  return { name, reasons };
}

/**
 * What a user should know about the Claude Code name: characters Claude Code replaced, and a server id
 * holding `__` (Claude Code splits a name at the first `__` after `mcp__`, so its rules would name another server).
 */
export function claudeCodeNameFindings(serverId: string, toolName: string): Finding[] {
  const findings: Finding[] = [];
  if (PLAIN_PART.test(serverId) && PLAIN_PART.test(toolName) && !serverId.includes("__")) return findings;
  const visible = stripInvisible(`${serverId}${toolName}`);
  const invalid = [...new Set(visible.match(INVALID_CHARS) ?? [])];
  const changes = [
    ...(invalid.length > 0 ? [`${invalid.map((c) => JSON.stringify(c)).join(", ")} made "_"`] : []),
    ...(visible !== `${serverId}${toolName}` ? ["invisible characters removed"] : []),
  ];
  if (changes.length > 0) {
    findings.push({
      code: "claude-name:sanitized",
      message: `Claude Code sends ${serverId}:${toolName} as ${claudeCodeName(serverId, toolName)} (${changes.join("; ")}); permission rules must use that name`,
      fix: "use only letters, digits, _ and - in server ids and tool names",
    });
  }
  if (serverId.includes("__")) {
    findings.push({
      code: "claude-name:double-underscore",
      message: `the server id ${JSON.stringify(serverId)} holds "__"; Claude Code splits ${claudeCodeName(serverId, toolName)} at the first "__" after mcp__, so its rules read as another server`,
      fix: 'rename the server without "__"',
    });
  }
  return findings;
}
