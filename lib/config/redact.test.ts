import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { loadConfigs } from "./load-configs";
import { parseServerEntry } from "./parse-server-entry";
import { redactServerConfig } from "./redact";
import { maskUrl } from "./secrets";
import type { LoadedConfig, ServerConfig } from "./types";

// Values that must never appear in a redacted config: from the environment and written in the file.
const env = {
  TOKEN: "env-token-value-7781",
  API_KEY: "sk-envkey-0123456789abcdefgh",
  DB_DSN: "postgres://dbuser:db-pass-4411@db.internal/app",
  HOST: "mcp.internal",
};
const literalSecrets = [
  "ghp_literalLITERALliteral12345",
  "literal-header-key-993",
  "pa55word-in-url",
  "qwerty-query-123",
  "abcd-literal-arg-9",
  "zzz-flag-literal-8",
  "s3cr3t-in-dsn-arg",
  "runtime-secret-value",
  "ghp_defaultDEFAULTdefault9876",
];
const secretValues = [...Object.values(env).filter((value) => value !== "mcp.internal"), "db-pass-4411", ...literalSecrets];

let root: string;
let loaded: LoadedConfig;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "mcp-fleet-redact-"));
  const file = path.join(root, ".mcp.json");
  await writeFile(
    file,
    JSON.stringify(
      {
        mcpServers: {
          local: {
            command: "node",
            args: ["server.js", "--dsn", "${DB_DSN}", "--api-key", "abcd-literal-arg-9", "--token=zzz-flag-literal-8", "postgres://admin:s3cr3t-in-dsn-arg@db/app"],
            env: { GITHUB_TOKEN: "ghp_literalLITERALliteral12345", API_KEY: "${API_KEY}", LOG_LEVEL: "debug", DSN: "${DB_DSN}" },
          },
          remote: {
            type: "http",
            url: "https://user:pa55word-in-url@${HOST}/mcp?access_token=qwerty-query-123&page=2&key=${TOKEN}",
            headers: { Authorization: "Bearer ${TOKEN}", "X-Api-Key": "literal-header-key-993", "X-Tenant": "${MISSING_TENANT:-acme}", "X-Default": "${NOPE:-ghp_defaultDEFAULTdefault9876}" },
          },
        },
      },
      null,
      2,
    ),
  );
  loaded = await loadConfigs([file], { env });
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("redactServerConfig", () => {
  test("the loaded config really holds the secrets (so the check below can fail)", () => {
    const raw = JSON.stringify(loaded.servers);
    for (const secret of secretValues.filter((value) => value !== "runtime-secret-value")) expect(raw).toContain(secret);
  });

  test.each(secretValues)("no redacted config and no finding contains %s", (secret) => {
    expect(loaded.findings.length).toBeGreaterThan(0);
    expect(JSON.stringify(loaded.findings)).not.toContain(secret);
    const runtime = parseServerEntry("rt", { command: "x", env: { ANY: "runtime-secret-value" } }, { file: "(api)", format: "runtime" }, env);
    const all = [...loaded.servers, runtime.server as ServerConfig].map(redactServerConfig);
    expect(JSON.stringify(all)).not.toContain(secret);
  });

  test("references stay readable, literals are masked", () => {
    const redacted = loaded.servers
      .map(redactServerConfig)
      .map((server) => ({ ...server, ...(server.cwd ? { cwd: server.cwd.replace(root, "<tmp>") } : {}), source: { ...server.source, file: "<tmp>/.mcp.json" } }));
    expect(redacted).toMatchInlineSnapshot(`
      [
        {
          "args": [
            "server.js",
            "--dsn",
            "\${DB_DSN}",
            "--api-key",
            "••••",
            "--token=••••",
            "postgres://••••@db/app",
          ],
          "command": "node",
          "cwd": "<tmp>",
          "enabled": true,
          "env": {
            "API_KEY": "\${API_KEY}",
            "DSN": "\${DB_DSN}",
            "GITHUB_TOKEN": "••••",
            "LOG_LEVEL": "••••",
          },
          "id": "local",
          "source": {
            "column": 5,
            "file": "<tmp>/.mcp.json",
            "format": "claude-code",
            "line": 3,
            "pointer": "/mcpServers/local",
          },
          "transport": "stdio",
        },
        {
          "enabled": true,
          "headers": {
            "Authorization": "Bearer \${TOKEN}",
            "X-Api-Key": "••••",
            "X-Default": "••••",
            "X-Tenant": "\${MISSING_TENANT:-acme}",
          },
          "id": "remote",
          "source": {
            "column": 5,
            "file": "<tmp>/.mcp.json",
            "format": "claude-code",
            "line": 21,
            "pointer": "/mcpServers/remote",
          },
          "transport": "http",
          "url": "https://••••@\${HOST}/mcp?access_token=••••&page=2&key=\${TOKEN}",
        },
      ]
    `);
  });

  test("a server with no templates (built in code) has every env and header value masked", () => {
    const server: ServerConfig = {
      id: "bare",
      transport: "http",
      enabled: true,
      url: "https://example.com/mcp",
      headers: { Authorization: "Bearer abc", "X-Trace": "on" },
      env: { A: "1" },
      source: { file: "(demo)", format: "demo" },
    };
    expect(redactServerConfig(server)).toEqual({
      id: "bare",
      transport: "http",
      enabled: true,
      url: "https://example.com/mcp",
      headers: { Authorization: "••••", "X-Trace": "••••" },
      env: { A: "••••" },
      source: { file: "(demo)", format: "demo" },
    });
  });
});

describe("maskUrl", () => {
  test.each([
    ["https://example.com/mcp", "https://example.com/mcp"],
    ["https://u:p@example.com/mcp", "https://••••@example.com/mcp"],
    ["https://token@example.com/mcp", "https://••••@example.com/mcp"],
    ["https://example.com/mcp?api_key=abc&page=2", "https://example.com/mcp?api_key=••••&page=2"],
    ["https://example.com/mcp?token=${TOKEN}", "https://example.com/mcp?token=${TOKEN}"],
    ["https://example.com/mcp?q=ghp_abcdefghijklmnopqrstu#frag", "https://example.com/mcp?q=••••#frag"],
    ["${BASE:-https://example.com}/mcp?sig=abc", "${BASE:-https://example.com}/mcp?sig=••••"],
  ])("%s", (url, masked) => {
    expect(maskUrl(url)).toBe(masked);
  });
});
