import { describe, expect, test } from "vitest";

import { parseServerEntry } from "./parse-server-entry";
import type { ConfigSource } from "./types";

const source: ConfigSource = { file: "(api)", format: "runtime" };
const env = { TOKEN: "t-1", PORT: "9000" };

describe("parseServerEntry (POST /api/servers)", () => {
  test("a stdio entry, expanded like .mcp.json, templates kept", () => {
    const result = parseServerEntry("mem", { command: "node", args: ["${APP:-server.js}", "--port", "${PORT}"], env: { T: "${TOKEN}" } }, source, env);
    expect(result).toEqual({
      server: {
        id: "mem",
        transport: "stdio",
        enabled: true,
        command: "node",
        args: ["server.js", "--port", "9000"],
        env: { T: "t-1" },
        source,
        templates: { command: "node", args: ["${APP:-server.js}", "--port", "${PORT}"], env: { T: "${TOKEN}" } },
      },
      findings: [],
    });
  });

  test.each([
    // entry, finding code, severity, server invalid?
    [{ type: "http", url: "http://127.0.0.1:${PORT}/mcp" }, null, null, false],
    [{ url: "http://127.0.0.1/mcp" }, "config:url-without-type", "error", true],
    [{ type: "carrier-pigeon", command: "x" }, "config:unknown-type", "error", true],
    [{ type: "stdio" }, "config:no-command", "error", true],
    [{ type: "sse" }, "config:no-url", "error", true],
    [{ command: ["node"] }, "config:shape", "error", true],
    ["node server.js", "config:shape", "error", true],
    [null, "config:shape", "error", true],
    [{ command: "x", args: ["${NOT_SET}"] }, "config:unset-variable", "warning", false],
  ])("%j -> %s", (entry, code, severity, invalid) => {
    const { server, findings } = parseServerEntry("srv", entry, source, env);
    expect(findings.map((f) => [f.code, f.severity, f.file, f.serverId])).toEqual(code ? [[code, severity, "(api)", "srv"]] : []);
    expect(server).not.toBeNull();
    expect(server?.invalid !== undefined).toBe(invalid);
  });

  test("a reserved name is skipped, as Claude Code does", () => {
    const { server, findings } = parseServerEntry("Claude Preview", { command: "x" }, source, env);
    expect(server).toBeNull();
    expect(findings.map((f) => f.code)).toEqual(["config:reserved-name"]);
  });

  test("an id outside ^[A-Za-z0-9_-]+$ loads with a warning", () => {
    const { server, findings } = parseServerEntry("my server", { command: "x" }, source, env);
    expect(server?.invalid).toBeUndefined();
    expect(findings.map((f) => f.code)).toEqual(["config:server-id"]);
  });
});
