/**
 * Where each modelled behaviour is shown, for the `source` of every client finding: the committed
 * capture of the real client that shows it (lib/clients/__captures__, described in docs/clients.md),
 * or, for what no capture covers, the document it rests on.
 */

const CLAUDE_CODE = "lib/clients/__captures__/claude-code@2.1.328";
const CODEX = "lib/clients/__captures__/codex@0.169.0";

export const SOURCES = {
  claudeCodeListing: `${CLAUDE_CODE}/bad-root.json`,
  claudeCodeNames: `${CLAUDE_CODE}/sanitize.json`,
  claudeCodeChecks: `${CLAUDE_CODE}/property-names.json`,
  claudeCodeDialects: `${CLAUDE_CODE}/schema-dialects.json`,
  claudeCodeFlattening: `${CLAUDE_CODE}/flatten.json`,
  claudeCodeDescriptions: `${CLAUDE_CODE}/descriptions.json`,
  claudeCodePermissions: `${CLAUDE_CODE}/claude-permissions.json`,
  /** Not captured: Claude Code's changelog for 2.1.195 and its MCP docs ("root-level combinator"). */
  claudeCodeBefore2195: "Claude Code changelog 2.1.195 (not captured)",
  codexListing: `${CODEX}/two-servers.json`,
  codexNames: `${CODEX}/sanitize.json`,
  codexSchemas: `${CODEX}/schema-keywords.json`,
  codexSettings: `${CODEX}/codex-settings.json`,
  reconcileRules: "README.md#the-reconciliation-rules",
  fleet: "README.md#the-pages",
} as const;

export type SourceKey = keyof typeof SOURCES;
