import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, beforeEach, describe, expect, test } from "vitest";

import { loadConfigs } from "./load-configs";
import { detectFormat } from "./parse-config";
import type { LoadedConfig } from "./types";

let root: string;
let home: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "mcp-fleet-config-"));
  home = path.join(root, "home");
  await mkdir(home);
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function write(relative: string, text: string): Promise<string> {
  const file = path.join(root, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
  return file;
}

/** The loaded config with the temp folder replaced, so snapshots are stable. */
function portable<T>(value: T): T {
  return JSON.parse(JSON.stringify(value).replaceAll(root, "<tmp>")) as T;
}

const env = { API_KEY: "sk-test-0123456789abcdef0123", DB_DSN: "postgres://db/app", TOKEN: "tok-42", GH: "ghp_abcdefghijklmnop1234" };

describe("every format", () => {
  test("Claude Code .mcp.json: every type, expansion, templates kept", async () => {
    const file = await write(
      "app/.mcp.json",
      JSON.stringify(
        {
          mcpServers: {
            "local-db": {
              type: "stdio",
              command: "npx",
              args: ["-y", "@bytebase/dbhub", "--dsn", "${DB_DSN}"],
              env: { LOG_LEVEL: "${LOG_LEVEL:-info}" },
              timeout: 600000,
            },
            plain: { command: "node", args: ["server.js"] },
            "api-server": { type: "http", url: "${API_BASE_URL:-https://api.example.com}/mcp", headers: { Authorization: "Bearer ${API_KEY}" } },
            streamable: { type: "streamable-http", url: "https://s.example.com/mcp" },
            legacy: { type: "sse", url: "https://mcp.asana.com/sse" },
            events: { type: "ws", url: "wss://mcp.example.com/socket" },
          },
        },
        null,
        2,
      ),
    );
    const loaded = await loadConfigs([file], { env, homeDir: home, runDir: path.join(root, "run") });
    expect(loaded.findings).toEqual([]);
    const byId = Object.fromEntries(loaded.servers.map((s) => [s.id, s]));
    expect(loaded.projectDir).toBe(path.join(root, "app"));
    // Every transport name Claude Code accepts, in the file's order.
    expect(loaded.servers.map((s) => [s.id, s.transport])).toEqual([
      ["local-db", "stdio"],
      ["plain", "stdio"],
      ["api-server", "http"],
      ["streamable", "http"],
      ["legacy", "sse"],
      ["events", "ws"],
    ]);
    // ${VAR} and ${VAR:-default} are expanded in args, env, url and headers; the templates keep what was written.
    expect(byId["local-db"]).toMatchObject({
      command: "npx",
      cwd: path.join(root, "app"),
      args: ["-y", "@bytebase/dbhub", "--dsn", "postgres://db/app"],
      env: { LOG_LEVEL: "info" },
      templates: { args: ["-y", "@bytebase/dbhub", "--dsn", "${DB_DSN}"], env: { LOG_LEVEL: "${LOG_LEVEL:-info}" } },
    });
    expect(byId["api-server"]).toMatchObject({
      url: "https://api.example.com/mcp",
      headers: { Authorization: "Bearer sk-test-0123456789abcdef0123" },
      templates: { url: "${API_BASE_URL:-https://api.example.com}/mcp", headers: { Authorization: "Bearer ${API_KEY}" } },
    });
    expect(byId.plain).toEqual(expect.objectContaining({ command: "node", args: ["server.js"], cwd: path.join(root, "app"), enabled: true }));
    expect(byId.plain.env).toBeUndefined();
    // Each entry points at its key: file, line, column and JSON Pointer.
    expect(loaded.servers.map((s) => [s.source.pointer, s.source.line, s.source.column])).toEqual([
      ["/mcpServers/local-db", 3, 5],
      ["/mcpServers/plain", 17, 5],
      ["/mcpServers/api-server", 23, 5],
      ["/mcpServers/streamable", 30, 5],
      ["/mcpServers/legacy", 34, 5],
      ["/mcpServers/events", 38, 5],
    ]);
    expect(new Set(loaded.servers.map((s) => [s.source.file, s.source.format].join(" ")))).toEqual(new Set([`${file} claude-code`]));
  });

  test("~/.claude.json with a project dir: the project's local entries win over the user entries", async () => {
    await write(
      "home/.claude.json",
      JSON.stringify(
        {
          numStartups: 3,
          mcpServers: { shared: { command: "user-shared" }, "user-only": { type: "http", url: "https://u.example.com/mcp" } },
          projects: {
            [path.join(root, "app")]: { mcpServers: { shared: { command: "local-shared" }, "local-only": { command: "node", args: ["${HOME_SERVER:-x.js}"] } } },
            [path.join(root, "other")]: { mcpServers: { elsewhere: { command: "other" } } },
          },
        },
        null,
        2,
      ),
    );
    const loaded = await loadConfigs(["~/.claude.json"], { env, homeDir: home, projectDir: path.join(root, "app"), runDir: path.join(root, "run") });
    expect(loaded.servers.map((s) => [s.id, s.command ?? s.url, s.source.pointer])).toEqual([
      ["shared", "local-shared", `/projects/${path.join(root, "app").replaceAll("/", "~1")}/mcpServers/shared`],
      ["local-only", "node", `/projects/${path.join(root, "app").replaceAll("/", "~1")}/mcpServers/local-only`],
      ["user-only", "https://u.example.com/mcp", "/mcpServers/user-only"],
    ]);
    expect(portable(loaded.findings)).toMatchInlineSnapshot(`
      [
        {
          "code": "config:duplicate-id",
          "column": 5,
          "file": "<tmp>/home/.claude.json",
          "line": 4,
          "message": "MCP server "shared" is defined twice in this file; the local entry of project <tmp>/app (line 15) wins over the user entry (top-level mcpServers) (line 4)",
          "serverId": "shared",
          "severity": "warning",
        },
      ]
    `);
    expect(loaded.projectDir).toBe(path.join(root, "app"));
  });

  test("~/.claude.json without a project dir: every project, the user entry wins a shared id", async () => {
    const file = await write(
      "home/.claude.json",
      JSON.stringify({
        mcpServers: { shared: { command: "user-shared" } },
        projects: { "/b": { mcpServers: { dup: { command: "from-b" } } }, "/a": { mcpServers: { dup: { command: "from-a" }, shared: { command: "local" } } } },
      }),
    );
    const loaded = await loadConfigs([file], { env, homeDir: home, runDir: path.join(root, "run") });
    expect(loaded.servers.map((s) => [s.id, s.command])).toEqual([
      ["shared", "user-shared"],
      ["dup", "from-a"],
    ]);
    expect(loaded.findings.map((f) => [f.code, f.serverId, f.message])).toEqual([
      ["config:duplicate-id", "shared", 'MCP server "shared" is defined twice in this file; the user entry (top-level mcpServers) (line 1) wins over the local entry of project /a (line 1)'],
      ["config:duplicate-id", "dup", 'MCP server "dup" is defined twice in this file; the local entry of project /a (line 1) wins over the local entry of project /b (line 1)'],
    ]);
  });

  test("Claude Desktop claude_desktop_config.json", async () => {
    const file = await write(
      "home/Library/Application Support/Claude/claude_desktop_config.json",
      JSON.stringify({ mcpServers: { memory: { command: "npx", args: ["-y", "@modelcontextprotocol/server-memory"], env: { MEMORY_FILE: "${HOME_DIR:-/tmp}/m.json" } } } }),
    );
    const loaded = await loadConfigs([file], { env, homeDir: home, runDir: path.join(root, "run") });
    expect(portable(loaded)).toMatchInlineSnapshot(`
      {
        "files": [
          "<tmp>/home/Library/Application Support/Claude/claude_desktop_config.json",
        ],
        "findings": [],
        "servers": [
          {
            "args": [
              "-y",
              "@modelcontextprotocol/server-memory",
            ],
            "command": "npx",
            "cwd": "<tmp>/run",
            "enabled": true,
            "env": {
              "MEMORY_FILE": "/tmp/m.json",
            },
            "id": "memory",
            "source": {
              "column": 16,
              "file": "<tmp>/home/Library/Application Support/Claude/claude_desktop_config.json",
              "format": "claude-desktop",
              "line": 1,
              "pointer": "/mcpServers/memory",
            },
            "templates": {
              "args": [
                "-y",
                "@modelcontextprotocol/server-memory",
              ],
              "command": "npx",
              "env": {
                "MEMORY_FILE": "\${HOME_DIR:-/tmp}/m.json",
              },
            },
            "transport": "stdio",
          },
        ],
      }
    `);
  });

  test("Cursor .cursor/mcp.json: ${env:NAME}, ${workspaceFolder}, a url with no type is remote", async () => {
    const file = await write(
      "app/.cursor/mcp.json",
      JSON.stringify({
        mcpServers: {
          "local-server": {
            command: "python",
            args: ["${workspaceFolder}${/}tools${pathSeparator}mcp_server.py", "${workspaceFolderBasename}", "${userHome}"],
            env: { API_KEY: "${env:API_KEY}" },
          },
          "remote-server": { url: "https://api.example.com/mcp", headers: { Authorization: "Bearer ${env:TOKEN}" } },
        },
      }),
    );
    const loaded = await loadConfigs([file], { env, homeDir: home, runDir: path.join(root, "run") });
    expect(loaded.findings).toEqual([]);
    const [local, remote] = loaded.servers;
    // ${workspaceFolder} is the folder above .cursor/, ${/} and ${pathSeparator} the separator, ${env:NAME} the environment.
    expect(local).toMatchObject({
      id: "local-server",
      transport: "stdio",
      command: "python",
      args: [path.join(root, "app", "tools", "mcp_server.py"), "app", home],
      cwd: path.join(root, "app"),
      env: { API_KEY: "sk-test-0123456789abcdef0123" },
      templates: { env: { API_KEY: "${env:API_KEY}" } },
      source: { format: "cursor", pointer: "/mcpServers/local-server", line: 1, column: 16 },
    });
    // Cursor reads an entry with a url and no type as remote HTTP.
    expect(remote).toMatchObject({
      id: "remote-server",
      transport: "http",
      url: "https://api.example.com/mcp",
      headers: { Authorization: "Bearer tok-42" },
      source: { pointer: "/mcpServers/remote-server", line: 1, column: 198 },
    });
  });

  test("VS Code .vscode/mcp.json: servers, JSONC, inputs stay literal with a warning", async () => {
    const file = await write(
      "app/.vscode/mcp.json",
      `{
  // prompted by VS Code at start
  "inputs": [{ "type": "promptString", "id": "api-key", "description": "Key", "password": true }],
  "servers": {
    "github": {
      "type": "http",
      "url": "https://api.githubcopilot.com/mcp/",
      "headers": { "Authorization": "Bearer \${input:api-key}" }
    },
    /* a local one */
    "fs": { "type": "stdio", "command": "npx", "args": ["-y", "server-filesystem", "\${workspaceFolder}"], "env": { "TOKEN": "\${env:TOKEN}" }, },
    "legacy": { "type": "sse", "url": "http://localhost:3001/sse" },
  },
}
`,
    );
    const loaded = await loadConfigs([file], { env, homeDir: home, runDir: path.join(root, "run") });
    // ${input:x} is asked for by VS Code at start: kept literally, with a warning that names the place.
    expect(portable(loaded.findings)).toEqual([
      {
        severity: "warning",
        code: "config:input-variable",
        message:
          'MCP server "github": header "Authorization" uses ${input:api-key}, which VS Code asks for at start; it stays literal here (set the value in the environment and use ${env:NAME})',
        file: "<tmp>/app/.vscode/mcp.json",
        line: 8,
        column: 20,
        serverId: "github",
      },
    ]);
    // The "servers" key, comments and trailing commas read; positions count the comments.
    expect(loaded.servers.map((s) => [s.id, s.transport, s.source.pointer, s.source.line])).toEqual([
      ["github", "http", "/servers/github", 5],
      ["fs", "stdio", "/servers/fs", 11],
      ["legacy", "sse", "/servers/legacy", 12],
    ]);
    expect(loaded.servers[0].headers).toEqual({ Authorization: "Bearer ${input:api-key}" });
    expect(loaded.servers[1]).toMatchObject({ args: ["-y", "server-filesystem", path.join(root, "app")], cwd: path.join(root, "app"), env: { TOKEN: "tok-42" } });
  });

  test("Codex config.toml: stdio and streamable HTTP, env_vars, bearer token, headers from the environment, enabled", async () => {
    const file = await write(
      "app/.codex/config.toml",
      `model = "o4"

[mcp_servers.docs]
command = "npx"
args = ["-y", "docs-mcp"]
env = { "LOG_LEVEL" = "debug" }
env_vars = ["API_KEY", { name = "TOKEN", source = "local" }]
cwd = "/srv/docs"
startup_timeout_sec = 20

[mcp_servers.figma]
url = "https://mcp.figma.com/mcp"
bearer_token_env_var = "GH"
http_headers = { "X-Team" = "abc" }
env_http_headers = { "X-Api-Key" = "TOKEN" }

[mcp_servers.off]
command = "node"
enabled = false

[mcp_servers.off.tools.search]
approval_mode = "approve"
`,
    );
    const loaded = await loadConfigs([file], { env, homeDir: home, runDir: path.join(root, "run") });
    expect(loaded.findings).toEqual([]);
    const [docs, figma, off] = loaded.servers;
    // env_vars are taken from the environment (kept as ${NAME} templates); cwd passes through.
    expect(docs).toMatchObject({
      id: "docs",
      transport: "stdio",
      command: "npx",
      args: ["-y", "docs-mcp"],
      cwd: "/srv/docs",
      env: { API_KEY: "sk-test-0123456789abcdef0123", LOG_LEVEL: "debug", TOKEN: "tok-42" },
      templates: { env: { API_KEY: "${API_KEY}", LOG_LEVEL: "debug", TOKEN: "${TOKEN}" } },
      source: { format: "codex", pointer: "mcp_servers.docs", line: 3, column: 1 },
    });
    // A url means streamable HTTP; bearer_token_env_var and env_http_headers read the environment.
    expect(figma).toMatchObject({
      id: "figma",
      transport: "http",
      url: "https://mcp.figma.com/mcp",
      headers: { Authorization: "Bearer ghp_abcdefghijklmnop1234", "X-Api-Key": "tok-42", "X-Team": "abc" },
      templates: { headers: { Authorization: "Bearer ${GH}", "X-Api-Key": "${TOKEN}", "X-Team": "abc" } },
      source: { line: 11 },
    });
    expect(off).toMatchObject({ id: "off", enabled: false, command: "node", cwd: path.join(root, "app"), source: { line: 17 } });
    // A per-tool approval mode stays on the server for the Codex view, even on a disabled server.
    expect([docs.codex, figma.codex, off.codex]).toEqual([undefined, undefined, { toolApprovalModes: { search: "approve" } }]);
  });
});

describe("format detection", () => {
  test.each([
    ["/p/.mcp.json", "", "claude-code"],
    ["/home/u/.claude.json", "", "claude-user"],
    ["/x/Claude/claude_desktop_config.json", "", "claude-desktop"],
    ["/p/.cursor/mcp.json", "", "cursor"],
    ["/p/.vscode/mcp.json", "", "vscode"],
    ["/home/u/.config/Code/User/mcp.json", "", "vscode"],
    ["/home/u/.codex/config.toml", "", "codex"],
    ["/p/fleet.json", '{"servers": {}}', "vscode"],
    ["/p/fleet.json", '{"mcpServers": {}}', "claude-code"],
    ["/p/fleet.json", '{"projects": {}, "mcpServers": {}}', "claude-user"],
    ["/p/fleet.conf", "[mcp_servers.a]\ncommand = 'x'", "codex"],
  ])("%s %s -> %s", (file, text, format) => {
    expect(detectFormat(file, text)).toBe(format);
  });
});

describe("broken and missing files", () => {
  test("JSON that does not parse: one error with line and column, and the other files still load", async () => {
    const broken = await write("a/.mcp.json", '{\n  "mcpServers": {\n    "x": { "command": "node" }\n    "y": {}\n  }\n}\n');
    const good = await write("b/.mcp.json", JSON.stringify({ mcpServers: { ok: { command: "node" } } }));
    const loaded = await loadConfigs([broken, good], { env, homeDir: home, runDir: path.join(root, "run") });
    expect(loaded.servers.map((s) => s.id)).toEqual(["ok"]);
    expect(portable(loaded.findings)).toEqual([
      {
        severity: "error",
        code: "config:parse",
        message: expect.stringMatching(/^not valid JSON: .+ \(line 4, column 5\)$/),
        file: "<tmp>/a/.mcp.json",
        line: 4,
        column: 5,
      },
    ]);
  });

  test.each([
    ["an empty file", "c/.mcp.json", "", 1, 1],
    ["a truncated object", "c/.mcp.json", '{\n  "mcpServers": {\n', 3, 1],
    ["a trailing comma (strict JSON)", "c/.mcp.json", '{ "mcpServers": {\n  "a": { "command": "x" },\n} }', 3, 1],
    ["JSONC: comments keep their place", "c/.vscode/mcp.json", '{\n  // c\n  /* long\n comment */ "servers": { "a": { "command": "x" } ]\n}', 4, 50],
  ])("JSON error position: %s", async (_name, relative, text, line, column) => {
    const file = await write(relative, text);
    const loaded = await loadConfigs([file], { env, homeDir: home, runDir: path.join(root, "run") });
    expect(loaded.findings.map((f) => [f.code, f.line, f.column])).toEqual([["config:parse", line, column]]);
  });

  test("TOML that does not parse: one error with line and column", async () => {
    const file = await write("d/.codex/config.toml", '[mcp_servers.a]\ncommand = "node"\nargs = [1, \n[mcp_servers.b]\n');
    const good = await write("e/.mcp.json", JSON.stringify({ mcpServers: { ok: { command: "node" } } }));
    const loaded = await loadConfigs([file, good], { env, homeDir: home, runDir: path.join(root, "run") });
    expect(loaded.servers.map((s) => s.id)).toEqual(["ok"]);
    expect(loaded.findings).toHaveLength(1);
    const [finding] = loaded.findings;
    expect([finding.code, finding.severity, finding.line, finding.column]).toEqual(["config:parse", "error", 4, 2]);
    expect(finding.message).toMatch(/^not valid TOML: .+ \(line 4, column 2\)$/);
  });

  test("a missing file: an error naming it, the rest loads", async () => {
    const good = await write("f/.mcp.json", JSON.stringify({ mcpServers: { ok: { command: "node" } } }));
    const missing = path.join(root, "nope/.mcp.json");
    const loaded = await loadConfigs([missing, good], { env, homeDir: home, runDir: path.join(root, "run") });
    expect(loaded.servers.map((s) => s.id)).toEqual(["ok"]);
    expect(portable(loaded.findings)).toEqual([
      { severity: "error", code: "config:missing-file", message: "config file not found: <tmp>/nope/.mcp.json", file: "<tmp>/nope/.mcp.json" },
    ]);
    expect(loaded.files).toEqual([missing, good]);
  });

  test("two files with one id: the first file wins, the warning names both", async () => {
    const first = await write("g/.mcp.json", JSON.stringify({ mcpServers: { github: { command: "first" } } }, null, 2));
    const second = await write("g/.cursor/mcp.json", JSON.stringify({ mcpServers: { other: { command: "x" }, github: { command: "second" } } }, null, 2));
    const loaded = await loadConfigs([first, second], { env, homeDir: home, runDir: path.join(root, "run") });
    expect(loaded.servers.map((s) => [s.id, s.command])).toEqual([
      ["github", "first"],
      ["other", "x"],
    ]);
    expect(portable(loaded.findings)).toEqual([
      {
        severity: "warning",
        code: "config:duplicate-id",
        message: 'MCP server "github" is defined in <tmp>/g/.mcp.json:3 and in <tmp>/g/.cursor/mcp.json:6; the first file wins and this entry is ignored',
        file: "<tmp>/g/.cursor/mcp.json",
        serverId: "github",
        line: 6,
        column: 5,
      },
    ]);
  });
});

describe("lint rules", () => {
  // file, text, the finding expected (code, severity, line, column), whether the server is invalid
  test.each([
    [
      "a url with no type (Claude Code refuses it)",
      "h/.mcp.json",
      '{\n  "mcpServers": {\n    "remote": { "url": "https://x.example.com/mcp" }\n  }\n}',
      { code: "config:url-without-type", severity: "error", line: 3, column: 5 },
      'MCP server "remote" has a "url" but no "type"; add "type": "http" (or "sse" / "ws") to this entry',
    ],
    [
      "an unknown type",
      "h/.mcp.json",
      '{\n  "mcpServers": {\n    "odd": {\n      "type": "grpc",\n      "url": "https://x"\n    }\n  }\n}',
      { code: "config:unknown-type", severity: "error", line: 4, column: 7 },
      'MCP server "odd" has an unknown type "grpc"; use one of "stdio", "http", "streamable-http", "sse", "ws"',
    ],
    [
      "a stdio entry with no command",
      "h/.mcp.json",
      '{\n  "mcpServers": {\n    "empty": { "args": ["x"] }\n  }\n}',
      { code: "config:no-command", severity: "error", line: 3, column: 5 },
      'MCP server "empty" is a stdio server with no "command"',
    ],
    [
      "a field of the wrong shape",
      "h/.mcp.json",
      '{ "mcpServers": { "bad": { "command": "node", "args": "server.js" } } }',
      { code: "config:shape", severity: "error", line: 1, column: 19 },
      'MCP server "bad": "args" must be an array of strings',
    ],
    [
      "a server id outside ^[A-Za-z0-9_-]+$",
      "h/.mcp.json",
      '{\n  "mcpServers": {\n    "my.server": { "command": "node" }\n  }\n}',
      { code: "config:server-id", severity: "warning", line: 3, column: 5 },
      null,
    ],
    [
      "a literal token in a project env",
      "h/.mcp.json",
      '{\n  "mcpServers": {\n    "github": {\n      "command": "gh-mcp",\n      "env": {\n        "GITHUB_TOKEN": "abc123secret"\n      }\n    }\n  }\n}',
      { code: "config:literal-secret", severity: "warning", line: 6, column: 9 },
      null,
    ],
    [
      "a literal Bearer header in a project file",
      "h/.mcp.json",
      '{\n  "mcpServers": {\n    "api": {\n      "type": "http",\n      "url": "https://x.example.com/mcp",\n      "headers": { "Authorization": "Bearer live-abcdef" }\n    }\n  }\n}',
      { code: "config:literal-secret", severity: "warning", line: 6, column: 20 },
      null,
    ],
    [
      "a key written as the default of a reference",
      "h/.mcp.json",
      '{\n  "mcpServers": {\n    "gh": {\n      "command": "gh-mcp",\n      "env": { "GITHUB_TOKEN": "${GITHUB_TOKEN:-ghp_abcdefghijklmnopqrstu12345}" }\n    }\n  }\n}',
      { code: "config:literal-secret", severity: "warning", line: 5, column: 16 },
      null,
    ],
    [
      "a ghp_ token passed as an argument",
      "h/.mcp.json",
      '{\n  "mcpServers": {\n    "gh": {\n      "command": "gh-mcp",\n      "args": [\n        "ghp_abcdefghijklmnopqrstu12345"\n      ]\n    }\n  }\n}',
      { code: "config:literal-secret", severity: "warning", line: 6, column: 9 },
      null,
    ],
    [
      "an api key in a URL query",
      "h/.cursor/mcp.json",
      '{\n  "mcpServers": {\n    "q": {\n      "url": "https://x.example.com/mcp?api_key=abcdef123"\n    }\n  }\n}',
      { code: "config:literal-secret", severity: "warning", line: 4, column: 7 },
      null,
    ],
    [
      "an unset variable with no default",
      "h/.mcp.json",
      '{\n  "mcpServers": {\n    "db": {\n      "command": "dbhub",\n      "args": ["--dsn", "${NOT_SET_ANYWHERE}"]\n    }\n  }\n}',
      { code: "config:unset-variable", severity: "warning", line: 5, column: 25 },
      null,
    ],
    [
      "a Claude Code reserved name",
      "h/.mcp.json",
      '{\n  "mcpServers": {\n    "computer-use": { "command": "x" }\n  }\n}',
      { code: "config:reserved-name", severity: "warning", line: 3, column: 5 },
      "skipped",
    ],
    [
      "a plain ${NAME} in Cursor, which only expands ${env:NAME}",
      "h/.cursor/mcp.json",
      '{\n  "mcpServers": {\n    "c": {\n      "command": "x",\n      "env": { "KEY": "${TOKEN}" }\n    }\n  }\n}',
      { code: "config:unsupported-variable", severity: "warning", line: 5, column: 16 },
      null,
    ],
    [
      "a bad Codex approval mode, named by its key",
      "h/.codex/config.toml",
      '[mcp_servers.docs]\ncommand = "npx"\n\n[mcp_servers.docs.tools.search]\napproval_mode = "always"\n',
      { code: "config:approval-mode", severity: "error", line: 4, column: 1 },
      null,
    ],
    [
      "a Codex unknown key",
      "h/.codex/config.toml",
      '[mcp_servers.docs]\ncommand = "npx"\ntimeout = 30\n',
      { code: "config:unknown-key", severity: "warning", line: 3, column: 1 },
      null,
    ],
    [
      "a Codex stdio entry with a url",
      "h/.codex/config.toml",
      '[mcp_servers.docs]\ncommand = "npx"\nurl = "https://x"\n',
      { code: "config:transport-field", severity: "error", line: 3, column: 1 },
      'MCP server "docs": url is not supported for stdio',
    ],
    [
      "a Codex entry with neither command nor url",
      "h/.codex/config.toml",
      '[mcp_servers]\nempty = { enabled = true }\n',
      { code: "config:no-command", severity: "error", line: 2, column: 1 },
      'MCP server "empty": invalid transport (set "command" for stdio or "url" for streamable HTTP)',
    ],
    [
      "a Codex server name Codex refuses",
      "h/.codex/config.toml",
      '[mcp_servers."my server"]\ncommand = "npx"\n',
      { code: "config:server-id", severity: "error", line: 1, column: 1 },
      "Invalid MCP server name 'my server': must match pattern ^[a-zA-Z0-9_:@/.-]+$",
    ],
    [
      "a Codex ${VAR}, which Codex does not expand",
      "h/.codex/config.toml",
      '[mcp_servers.docs]\ncommand = "npx"\n\n[mcp_servers.docs.env]\nAPI_KEY = "${API_KEY}"\n',
      { code: "config:no-expansion", severity: "warning", line: 5, column: 1 },
      null,
    ],
    [
      "a Codex literal header secret in a project file",
      "h/.codex/config.toml",
      '[mcp_servers.figma]\nurl = "https://mcp.figma.com/mcp"\nhttp_headers = { "Authorization" = "Bearer figd_abcdef" }\n',
      { code: "config:literal-secret", severity: "warning", line: 3, column: 1 },
      null,
    ],
  ])("%s", async (_name, relative, text, expected, outcome) => {
    const file = await write(relative, text);
    const loaded = await loadConfigs([file], { env, homeDir: home, runDir: path.join(root, "run") });
    expect(loaded.findings).toEqual([expect.objectContaining({ ...expected, file })]);
    const [finding] = loaded.findings;
    expect(finding.serverId).toBeDefined();
    if (outcome === "skipped") {
      expect(loaded.servers).toEqual([]);
    } else {
      expect(loaded.servers).toHaveLength(1);
      expect(loaded.servers[0].invalid).toBe(outcome ?? undefined);
      if (outcome) expect(finding.message).toBe(outcome);
    }
  });

  test("literal secrets are not linted in user-level files", async () => {
    const text = JSON.stringify({ mcpServers: { github: { command: "gh-mcp", env: { GITHUB_TOKEN: "ghp_abcdefghijklmnopqrstu12345" } } } });
    const files = [await write("home/.claude.json", text), await write("home/.cursor/mcp.json", text)];
    for (const file of files) {
      const loaded = await loadConfigs([file], { env, homeDir: home, runDir: path.join(root, "run") });
      expect(loaded.findings).toEqual([]);
    }
  });

  test("references and harmless settings are not secrets", async () => {
    const file = await write(
      "i/.mcp.json",
      JSON.stringify({
        mcpServers: {
          ok: { command: "x", args: ["--token", "${TOKEN}"], env: { GITHUB_TOKEN: "${GH}", SESSION_TIMEOUT: "30", OAUTH_ENABLED: "true", LOG_LEVEL: "debug" } },
          web: { type: "http", url: "https://x.example.com/mcp?page=2", headers: { Authorization: "Bearer ${API_KEY}", "X-Team": "core" } },
        },
      }),
    );
    const loaded = await loadConfigs([file], { env, homeDir: home, runDir: path.join(root, "run") });
    expect(loaded.findings).toEqual([]);
  });
});

describe("Codex tool settings", () => {
  test("enabled_tools, disabled_tools and approval modes stay on the server, by raw tool name", async () => {
    const file = await write(
      "k/.codex/config.toml",
      [
        "[mcp_servers.forge]",
        'command = "forge-mcp"',
        'enabled_tools = ["search", "files.read"]',
        'disabled_tools = ["push"]',
        'default_tools_approval_mode = "prompt"',
        "",
        "[mcp_servers.forge.tools.search]",
        'approval_mode = "approve"',
        "",
        '[mcp_servers."fs.v2"]',
        'command = "fs"',
      ].join("\n"),
    );
    const loaded = await loadConfigs([file], { env, homeDir: home });
    // Codex accepts fs.v2 (observed); the lint still advises the portable form.
    expect(loaded.findings.map((f) => [f.code, f.severity, f.serverId])).toEqual([["config:server-id", "warning", "fs.v2"]]);
    expect(loaded.servers.map((s) => [s.id, s.codex ?? null])).toEqual([
      ["forge", { enabledTools: ["search", "files.read"], disabledTools: ["push"], defaultToolsApprovalMode: "prompt", toolApprovalModes: { search: "approve" } }],
      ["fs.v2", null],
    ]);
  });
});

describe("paths and options", () => {
  test("~ expands to the home dir, and the first project file sets the project dir", async () => {
    await write("home/.claude.json", JSON.stringify({ projects: { [path.join(root, "app")]: { mcpServers: { local: { command: "x" } } } } }));
    const mcp = await write("app/.mcp.json", JSON.stringify({ mcpServers: { project: { command: "y" } } }));
    const loaded: LoadedConfig = await loadConfigs([mcp, "~/.claude.json"], { env, homeDir: home, runDir: path.join(root, "run") });
    expect(loaded.servers.map((s) => s.id)).toEqual(["project", "local"]);
    expect(loaded.projectDir).toBe(path.join(root, "app"));
    expect(loaded.files).toEqual([mcp, path.join(home, ".claude.json")]);
  });
});
