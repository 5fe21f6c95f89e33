/**
 * A profile exported for a client to load alone, from configs read the real way (loadConfigs over files
 * in a temporary project): references stay references, a secret planted in the environment never appears,
 * a secret written out in a config becomes a reference with a warning, and Codex gets the keys it reads.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { parse as parseToml } from "smol-toml";
import { loadConfigs } from "./load-configs";
import { exportProfileClaude, exportProfileCodex } from "./profile-export";
import type { LoadedConfig } from "./types";

const PLANTED = "ghp_PLANTEDsecret0123456789abcdefXYZ";
const LITERAL = "sk-LITERALwrittenout0123456789abcdef";
let dir: string;
let loaded: LoadedConfig;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "cost-export-"));
  writeFileSync(
    path.join(dir, ".mcp.json"),
    JSON.stringify({
      mcpServers: {
        github: { command: "npx", args: ["-y", "github-mcp", "--token=${GITHUB_TOKEN}"], env: { GITHUB_TOKEN: "${GITHUB_TOKEN}", LOG_LEVEL: "debug", OPENAI_API_KEY: LITERAL } },
        linear: { type: "http", url: "https://mcp.linear.app/mcp", headers: { Authorization: "Bearer ${LINEAR_TOKEN}", "X-Team": "eng" } },
        legacy: { type: "sse", url: "https://example.com/sse" },
        wiki: { command: "node", args: ["wiki.js"] },
      },
    }),
  );
  mkdirSync(path.join(dir, ".codex"));
  writeFileSync(
    path.join(dir, ".codex", "config.toml"),
    ['[mcp_servers.notes]', 'command = "notes-mcp"', 'env_vars = ["NOTES_KEY"]', 'enabled_tools = ["read"]', "", "[mcp_servers.search]", 'url = "https://search.example/mcp"', 'bearer_token_env_var = "SEARCH_TOKEN"', ""].join("\n"),
  );
  loaded = await loadConfigs([path.join(dir, ".mcp.json"), path.join(dir, ".codex", "config.toml")], {
    env: { HOME: dir, GITHUB_TOKEN: PLANTED, LINEAR_TOKEN: PLANTED, NOTES_KEY: PLANTED, SEARCH_TOKEN: PLANTED },
  });
  expect(loaded.servers.map((s) => s.id).sort()).toEqual(["github", "legacy", "linear", "notes", "search", "wiki"]);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("Claude Code: the profile's servers only, references as written, no secret value", () => {
  const out = exportProfileClaude({ name: "review", servers: ["github", "linear", "notes", "gone"] }, loaded.servers);
  expect(out.text).not.toContain(PLANTED);
  expect(out.text).not.toContain(LITERAL);
  expect(JSON.parse(out.text)).toEqual({
    mcpServers: {
      github: { command: "npx", args: ["-y", "github-mcp", "--token=${GITHUB_TOKEN}"], env: { GITHUB_TOKEN: "${GITHUB_TOKEN}", LOG_LEVEL: "debug", OPENAI_API_KEY: "${OPENAI_API_KEY}" } },
      linear: { type: "http", url: "https://mcp.linear.app/mcp", headers: { Authorization: "Bearer ${LINEAR_TOKEN}", "X-Team": "eng" } },
      notes: { command: "notes-mcp", env: { NOTES_KEY: "${NOTES_KEY}" } },
    },
  });
  expect(out.warnings).toEqual([
    'gone: named by profile "review" but no config of this fleet defines it; left out',
    "github: env OPENAI_API_KEY was written out in the config; the export has ${OPENAI_API_KEY} instead: set OPENAI_API_KEY where the client runs",
  ]);
  expect(out.fileName).toBe("review.mcp.json");
});

test("Codex: the profile's servers enabled with the keys Codex reads, the Codex config's others disabled", () => {
  const out = exportProfileCodex({ name: "review", servers: ["github", "linear", "legacy", "notes"] }, loaded.servers);
  expect(out.text).not.toContain(PLANTED);
  expect(out.text).not.toContain(LITERAL);
  expect(parseToml(out.text)).toEqual({
    mcp_servers: {
      github: { command: "npx", args: ["-y", "github-mcp", "--token=${GITHUB_TOKEN}"], env: { LOG_LEVEL: "debug" }, env_vars: ["GITHUB_TOKEN", "OPENAI_API_KEY"], enabled: true },
      linear: { url: "https://mcp.linear.app/mcp", bearer_token_env_var: "LINEAR_TOKEN", http_headers: { "X-Team": "eng" }, enabled: true },
      notes: { command: "notes-mcp", env_vars: ["NOTES_KEY"], enabled: true, enabled_tools: ["read"] },
      search: { url: "https://search.example/mcp", bearer_token_env_var: "SEARCH_TOKEN", enabled: false },
    },
  });
  expect(out.warnings).toEqual([
    "github: args holds ${GITHUB_TOKEN}, which Codex does not expand; it is written as is",
    "github: env OPENAI_API_KEY was written out in the config; the export forwards OPENAI_API_KEY instead: set it where codex runs",
    "legacy: Codex has no sse transport (only stdio and streamable HTTP); left out",
  ]);
  expect(out.text.startsWith('# MCP Fleet: profile "review" for Codex: github, linear, legacy, notes.')).toBe(true);
});
