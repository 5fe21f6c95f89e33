import { expect, test } from "vitest";
import { mergeClaudeSettings, type OurClaudeRules } from "./merge-claude";

const OURS: OurClaudeRules = {
  permissions: { allow: ["mcp__orders__lookup_order"], ask: ["mcp__orders__create_note"], deny: ["mcp__orders__refund_order"] },
  managed: ["mcp__orders__create_note", "mcp__orders__lookup_order", "mcp__orders__refund_order", "mcp__orders__old_tool"],
};

function merged(text: string | null, previous: string[] = []): string {
  const result = mergeClaudeSettings(text, OURS, previous);
  if (!result.ok) throw new Error(result.error.message);
  return result.text;
}

test("no file: a new settings file with our rules only", () => {
  expect(merged(null)).toMatchInlineSnapshot(`
    "{
      "permissions": {
        "allow": [
          "mcp__orders__lookup_order"
        ],
        "ask": [
          "mcp__orders__create_note"
        ],
        "deny": [
          "mcp__orders__refund_order"
        ]
      }
    }
    "
  `);
});

test("unrelated keys, their order, non-MCP rules and someone else's MCP rules are kept", () => {
  const text = `{
  "model": "opus",
  "permissions": {
    "defaultMode": "acceptEdits",
    "allow": ["Bash(npm run test:*)", "mcp__github__get_issue", "mcp__orders__old_tool", "mcp__orders__lookup_order"],
    "deny": ["Read(./.env)", "mcp__orders__*"]
  },
  "env": { "FOO": "1" },
  "hooks": {}
}
`;
  const out = merged(text);
  expect(out).toMatchInlineSnapshot(`
    "{
      "model": "opus",
      "permissions": {
        "defaultMode": "acceptEdits",
        "allow": [
          "Bash(npm run test:*)",
          "mcp__github__get_issue",
          "mcp__orders__lookup_order"
        ],
        "deny": [
          "Read(./.env)",
          "mcp__orders__*",
          "mcp__orders__refund_order"
        ],
        "ask": [
          "mcp__orders__create_note"
        ]
      },
      "env": {
        "FOO": "1"
      },
      "hooks": {}
    }
    "
  `);
  expect(Object.keys(JSON.parse(out))).toEqual(["model", "permissions", "env", "hooks"]);
});

test("odd formatting: tabs, no trailing newline, CRLF line ends", () => {
  const tabs = '{\n\t"permissions": {\n\t\t"allow": [ "Read" ]\n\t}, "x": [1,2]}';
  expect(merged(tabs)).toMatchInlineSnapshot(`
    "{
    	"permissions": {
    		"allow": [
    			"Read",
    			"mcp__orders__lookup_order"
    		],
    		"ask": [
    			"mcp__orders__create_note"
    		],
    		"deny": [
    			"mcp__orders__refund_order"
    		]
    	},
    	"x": [
    		1,
    		2
    	]
    }"
  `);
  const crlf = '{\r\n    "a": 1\r\n}\r\n';
  expect(merged(crlf)).toContain('\r\n    "permissions": {\r\n        "allow": [\r\n');
  expect(merged(crlf).endsWith("}\r\n")).toBe(true);
});

test("rules we wrote before and no longer manage are removed only when named as ours", () => {
  const text = JSON.stringify({ permissions: { allow: ["mcp__files__read_file", "mcp__memory"] } });
  const out = JSON.parse(merged(text, ["mcp__files__read_file"]));
  expect(out.permissions.allow).toEqual(["mcp__memory", "mcp__orders__lookup_order"]);
});

test("merging twice changes nothing the second time", () => {
  const once = merged('{ "permissions": { "allow": ["Read"] } }\n');
  const again = mergeClaudeSettings(once, OURS);
  expect(again).toEqual({ ok: true, text: once, diff: "", changed: false });
});

test("the diff is a unified diff of the file", () => {
  const result = mergeClaudeSettings('{\n  "a": 1\n}\n', OURS, [], ".claude/settings.json");
  expect(result.ok && result.diff).toMatchInlineSnapshot(`
    "Index: .claude/settings.json
    ===================================================================
    --- .claude/settings.json	before
    +++ .claude/settings.json	after
    @@ -1,3 +1,14 @@
     {
    -  "a": 1
    +  "a": 1,
    +  "permissions": {
    +    "allow": [
    +      "mcp__orders__lookup_order"
    +    ],
    +    "ask": [
    +      "mcp__orders__create_note"
    +    ],
    +    "deny": [
    +      "mcp__orders__refund_order"
    +    ]
    +  }
     }
    "
  `);
});

test.each([
  ['{\n  "a": 1,\n}', { line: 3, column: 1 }],
  ['{\n  "permissions": [1]\n}', { message: '"permissions" is not an object' }],
  ['{ "permissions": { "allow": "mcp__x" } }', { message: '"permissions.allow" is not an array' }],
  ["[1]", { message: "the top level is not a JSON object" }],
])("a file that cannot be merged is reported, never overwritten: %s", (text, expected) => {
  const result = mergeClaudeSettings(text, OURS);
  expect(result.ok).toBe(false);
  expect(!result.ok && result.error).toMatchObject(expected);
});
