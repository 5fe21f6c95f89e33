import { describe, expect, test } from "vitest";

import { expandClaude, expandEditor } from "./expand";

const env = { HOME_DIR: "/home/ada", TOKEN: "t0k3n", EMPTY: "", PORT: "8080", FALLBACK: "fb" };

describe("Claude Code expansion", () => {
  test.each([
    // template, expected value, unset variables
    ["${TOKEN}", "t0k3n", []],
    ["Bearer ${TOKEN}", "Bearer t0k3n", []],
    ["--dsn=${TOKEN}", "--dsn=t0k3n", []],
    ["http://localhost:${PORT}/mcp", "http://localhost:8080/mcp", []],
    ["${MISSING}", "${MISSING}", ["MISSING"]],
    ["a ${MISSING} b ${TOKEN}", "a ${MISSING} b t0k3n", ["MISSING"]],
    ["${MISSING:-default}", "default", []],
    ["${MISSING:-}", "", []],
    ["${TOKEN:-default}", "t0k3n", []],
    ["${EMPTY:-default}", "default", []],
    ["${EMPTY}", "", []],
    ["${MISSING:-https://api.example.com}/mcp", "https://api.example.com/mcp", []],
    ["${MISSING:-${FALLBACK}}", "fb", []],
    ["${MISSING:-${ALSO_MISSING}}", "${ALSO_MISSING}", ["ALSO_MISSING"]],
    ["$TOKEN", "$TOKEN", []],
    ["$TOKEN and ${TOKEN}", "$TOKEN and t0k3n", []],
    ["${var%pattern}", "${var%pattern}", []],
    ["${unterminated", "${unterminated", []],
    ["no variables", "no variables", []],
  ])("%s", (template, value, unset) => {
    const result = expandClaude(template, env);
    expect(result.value).toBe(value);
    expect(result.unset).toEqual(unset);
  });
});

describe("Cursor / VS Code expansion", () => {
  const vars = { env, userHome: "/home/ada", workspaceFolder: "/work/my-app", pathSeparator: "/" };
  test.each([
    // template, value, unset, inputs, unsupported
    ["${env:TOKEN}", "t0k3n", [], [], []],
    ["Bearer ${env:TOKEN}", "Bearer t0k3n", [], [], []],
    ["${env:MISSING}", "", ["MISSING"], [], []],
    ["${userHome}/.config", "/home/ada/.config", [], [], []],
    ["${workspaceFolder}/tools/server.py", "/work/my-app/tools/server.py", [], [], []],
    ["${workspaceFolderBasename}", "my-app", [], [], []],
    ["a${pathSeparator}b${/}c", "a/b/c", [], [], []],
    ["${input:api-key}", "${input:api-key}", [], ["api-key"], []],
    ["${TOKEN}", "${TOKEN}", [], [], ["TOKEN"]],
    ["$TOKEN", "$TOKEN", [], [], []],
  ])("%s", (template, value, unset, inputs, unsupported) => {
    const result = expandEditor(template, vars);
    expect(result).toEqual({ value, unset, inputs, unsupported });
  });

  test("a global file without a workspace keeps ${workspaceFolder} literal and says so", () => {
    const result = expandEditor("${workspaceFolder}/x", { env, userHome: "/home/ada", pathSeparator: "/" });
    expect(result).toEqual({ value: "${workspaceFolder}/x", unset: ["workspaceFolder"], inputs: [], unsupported: [] });
  });
});
