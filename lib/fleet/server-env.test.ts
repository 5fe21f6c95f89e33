// The environment a client hands a stdio server (server-env.ts): the shell's, as the user's terminal
// had it, then per client the part it passes on, then the entry's own `env`.
import { describe, expect, test } from "vitest";

import { CODEX_INHERITED, pathBeforeNpmRun, serverEnvironment, shellEnvironment } from "./server-env";

/** What `npm start` hands its script, on top of a shell that set a cache, a proxy and a registry. */
const UNDER_NPM = {
  HOME: "/home/u",
  PATH: "/code/mcp-fleet/node_modules/.bin:/code/node_modules/.bin:/node_modules/.bin:/usr/lib/node_modules/npm/node_modules/@npmcli/run-script/lib/node-gyp-bin:/usr/local/bin:/usr/bin",
  HTTPS_PROXY: "http://proxy.internal:3128",
  npm_config_cache: "/tmp/npm-cache",
  npm_config_registry: "https://registry.internal/",
  npm_lifecycle_event: "start",
  npm_lifecycle_script: "exec node scripts/start.mjs",
  npm_package_name: "mcp-fleet",
  npm_package_version: "0.1.0",
  npm_package_json: "/code/mcp-fleet/package.json",
  npm_config_local_prefix: "/code/mcp-fleet",
  npm_command: "run",
  npm_execpath: "/usr/lib/node_modules/npm/bin/npm-cli.js",
  npm_node_execpath: "/usr/bin/node",
  NODE: "/usr/bin/node",
  INIT_CWD: "/code/app",
  MCP_FLEET_CONFIG: '["/code/app/.mcp.json"]',
  MCP_FLEET_GUARDED: "1",
};

describe("shellEnvironment", () => {
  test("under npm run: npm's own additions and ours go, the user's npm settings and proxies stay", () => {
    expect(shellEnvironment(UNDER_NPM)).toEqual({
      HOME: "/home/u",
      PATH: "/usr/local/bin:/usr/bin",
      HTTPS_PROXY: "http://proxy.internal:3128",
      npm_config_cache: "/tmp/npm-cache",
      npm_config_registry: "https://registry.internal/",
    });
  });

  test("outside npm run nothing but our settings is touched (a user's own NODE or node_modules/.bin stays)", () => {
    const env = { PATH: "/code/app/node_modules/.bin:/usr/bin", NODE: "/opt/node/bin/node", npm_package_name: "mine", MCP_FLEET_DATA: "/d", UNSET: undefined };
    expect(shellEnvironment(env)).toEqual({ PATH: "/code/app/node_modules/.bin:/usr/bin", NODE: "/opt/node/bin/node", npm_package_name: "mine" });
  });

  test.each([
    ["/a/node_modules/.bin:/node_modules/.bin:/usr/bin", "/usr/bin"],
    ["/usr/lib/node_modules/npm/node_modules/@npmcli/run-script/lib/node-gyp-bin:/bin", "/bin"],
    ["/usr/bin:/a/node_modules/.bin", "/usr/bin:/a/node_modules/.bin"],
    ["/usr/bin", "/usr/bin"],
  ])("pathBeforeNpmRun(%s) = %s", (value, expected) => {
    expect(pathBeforeNpmRun(value, ":")).toBe(expected);
  });
});

describe("serverEnvironment", () => {
  const shell = { HOME: "/home/u", PATH: "/usr/bin", USER: "u", LANG: "C.UTF-8", TZ: "UTC", HTTPS_PROXY: "http://p:3128", npm_config_cache: "/c", EVIL: "() { :; }" };

  test("Claude Code, Cursor, VS Code, the demo and servers added in the dashboard: the whole shell, then the entry's env", () => {
    for (const format of ["claude-code", "claude-user", "cursor", "vscode", "demo", "runtime"] as const) {
      expect(serverEnvironment(format, shell, { API_KEY: "k", PATH: "/opt/bin" })).toEqual({ ...shell, API_KEY: "k", PATH: "/opt/bin" });
    }
  });

  test("Claude Code's servers also get CLAUDE_PROJECT_DIR, the folder they start in; the others do not", () => {
    expect(serverEnvironment("claude-code", shell, {}, "/code/app").CLAUDE_PROJECT_DIR).toBe("/code/app");
    expect(serverEnvironment("claude-code", shell, { CLAUDE_PROJECT_DIR: "/mine" }, "/code/app").CLAUDE_PROJECT_DIR).toBe("/mine");
    expect(serverEnvironment("cursor", shell, {}, "/code/app").CLAUDE_PROJECT_DIR).toBeUndefined();
    expect(serverEnvironment("codex", shell, {}, "/code/app").CLAUDE_PROJECT_DIR).toBeUndefined();
  });

  test("Codex: only its default names (env_vars are already in the entry's env), then the entry's env", () => {
    expect(serverEnvironment("codex", shell, { GEM_HOME: "/g" })).toEqual({ HOME: "/home/u", PATH: "/usr/bin", USER: "u", LANG: "C.UTF-8", TZ: "UTC", GEM_HOME: "/g" });
    expect(CODEX_INHERITED).toContain("TMPDIR");
  });

  test("Claude Desktop: the TypeScript SDK's defaults; a shell function is never passed", () => {
    expect(serverEnvironment("claude-desktop", { ...shell, SHELL: "() { evil; }" })).toEqual({ HOME: "/home/u", PATH: "/usr/bin", USER: "u" });
  });
});
