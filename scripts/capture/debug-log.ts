/**
 * Keeps the debug-log lines a capture records (skipped tools, truncation, failed fetches, dropped rules,
 * server failures) without timestamps or timings, in an order that does not depend on which server
 * answered first: grouped by the first quoted name in the line, chronological within a group.
 */

const CLAUDE_LINE = /^\S+ \[(DEBUG|INFO|WARN|ERROR)\] (.*)$/;
const CLAUDE_KEEP =
  /Skipping tool|Normalized input schema|description truncated|Failed to fetch tools|tools\/list failed|Connection failed|failed to connect|timed out|timeout|Dropped \d+|permissions?\.|Invalid result|MCP server "[^"]+".*(error|fail|exit)|ToolSearch|deferred/i;
// Timing-dependent lines: how many tools were deferred so far, and whether a slow start was retried.
const CLAUDE_DROP = /Dynamic tool loading|version negotiation probe timed out|SIGINT failed|SIGTERM|SIGKILL|Successfully connected|connection closed|Cleared connection cache|Sending SIGINT|exited cleanly|Starting connection/;

/** Timings in a message (`in 319ms`, `2588ms of it awake`) made constant; retry delays (`retrying in 250ms`) are fixed, so they stay. */
export function withoutTimings(text: string): string {
  return text.replace(/(retrying in )?\b\d+(\.\d+)?(ms|s)\b/g, (match, retrying: string | undefined) => (retrying ? match : "<time>"));
}

function orderByFirstQuoted(lines: string[]): string[] {
  const keyOf = (line: string) => /"([^"]*)"/.exec(line)?.[1] ?? "";
  return lines
    .map((line, index) => ({ line, index, key: keyOf(line) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.index - b.index))
    .map(({ line }) => line);
}

function unique(lines: string[]): string[] {
  return [...new Set(lines)];
}

/** The Claude Code debug-file lines worth keeping, as `LEVEL message`. */
export function claudeCodeDebugLines(log: string): string[] {
  const kept: string[] = [];
  for (const raw of log.split("\n")) {
    const match = CLAUDE_LINE.exec(raw);
    if (!match) continue;
    const [, level, message] = match;
    if (!CLAUDE_KEEP.test(message) || CLAUDE_DROP.test(message)) continue;
    if (!/MCP|mcp__|tool|project-scoped/i.test(message)) continue;
    kept.push(`${level} ${withoutTimings(message)}`);
  }
  return orderByFirstQuoted(unique(kept));
}

// `2026-11-30T07:02:22.020995Z  WARN span{...}:span{...}: codex_mcp::rmcp_client: message`
const CODEX_LINE = /^\S+\s+(TRACE|DEBUG|INFO|WARN|ERROR)\s.*?\s?([a-z0-9_]+(?:::[a-z0-9_]+)+): (.*)$/;

/** The Codex (RUST_LOG) lines from its MCP client worth keeping, as `LEVEL target: message`. */
export function codexDebugLines(log: string): string[] {
  const kept: string[] = [];
  for (const raw of log.split("\n")) {
    const match = CODEX_LINE.exec(raw);
    if (!match) continue;
    const [, level, target, message] = match;
    if (!/mcp/.test(target) || !/^(WARN|ERROR)$/.test(level)) continue;
    kept.push(`${level} ${target}: ${withoutTimings(message)}`);
  }
  return orderByFirstQuoted(unique(kept));
}

/** Hosts other than loopback that Codex opened a connection to (it logs each at reqwest debug level). */
export function codexOutsideConnections(log: string): string[] {
  const hosts = new Set<string>();
  for (const match of log.matchAll(/starting new connection: (\w+:\/\/[^/\s]+)/g)) {
    if (!/^\w+:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(match[1])) hosts.add(match[1]);
  }
  return [...hosts];
}
