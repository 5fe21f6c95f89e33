import { describe, expect, test } from "vitest";
import { validateServerInput } from "./server-input";

describe("validateServerInput", () => {
  test.each([
    ["ok stdio", "github", '{"command":"node","args":["s.js"]}', null],
    ["ok http", "web-1", '{"type":"http","url":"http://127.0.0.1:9/mcp"}', null],
    ["empty id", " ", '{"command":"node"}', "id: Give the server an id (the key under mcpServers)."],
    ["bad id", "my server", '{"command":"node"}', 'id: "my server" is not a valid server id: use letters, digits, "_" and "-" only.'],
    ["taken id", "wiki", '{"command":"node"}', 'id: A server "wiki" is already in the fleet: remove it first or choose another id.'],
    ["empty config", "a", "  ", 'config: Paste an mcpServers entry, e.g. {"command": "node", "args": ["server.js"]}.'],
    ["array", "a", "[]", "config: The entry must be a JSON object (one mcpServers entry, without its id)."],
    ["whole file", "a", '{"mcpServers":{}}', 'config: Paste one entry, not the whole file: the value of "mcpServers.<id>".'],
    ["no command or url", "a", '{"args":[]}', 'config: The entry needs a "command" (stdio) or a "url" (http / sse).'],
    ["both", "a", '{"command":"x","url":"http://x"}', 'config: The entry has both "command" and "url": keep one.'],
    ["args not strings", "a", '{"command":"x","args":[1]}', 'config: "args" must be an array of strings.'],
  ])("%s", (_name, id, text, expected) => {
    const result = validateServerInput(id, text, ["wiki"]);
    if (expected === null) expect(result).toEqual({ ok: true, id: id.trim(), config: JSON.parse(text) });
    else expect(result.ok ? [] : result.errors.map((e) => `${e.field}: ${e.message}`)).toEqual([expected]);
  });

  test("invalid JSON names the parser's complaint", () => {
    const result = validateServerInput("a", "{command: 1}");
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0].message).toMatch(/^Not valid JSON: /);
  });

  test("both fields can be wrong at once", () => {
    const result = validateServerInput("", "nope");
    expect(result.ok ? [] : result.errors.map((e) => e.field)).toEqual(["id", "config"]);
  });
});
