/**
 * Where each modelled behaviour is documented, for the `source` of every client finding: a section
 * of docs/clients.md (the observed facts, each backed by a capture) or MCP Fleet's own rules.
 */

export const SOURCES = {
  claudeCodeListing: "docs/clients.md#claude-code-listing",
  claudeCodeNames: "docs/clients.md#claude-code-names",
  claudeCodeChecks: "docs/clients.md#claude-code-per-tool-checks",
  claudeCodeFlattening: "docs/clients.md#claude-code-flattening",
  claudeCodeDescriptions: "docs/clients.md#claude-code-descriptions",
  claudeCodePermissions: "docs/clients.md#claude-code-permissions",
  claudeCodeBefore2195: "docs/clients.md#claude-code-before-21195",
  codexListing: "docs/clients.md#codex-listing",
  codexNames: "docs/clients.md#codex-names",
  codexSchemas: "docs/clients.md#codex-schemas",
  codexSettings: "docs/clients.md#codex-enabled-and-disabled-tools",
  reconcileRules: "README.md#the-reconciliation-rules",
  fleet: "README.md#the-pages",
} as const;

export type SourceKey = keyof typeof SOURCES;
