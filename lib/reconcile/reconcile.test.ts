import { describe, expect, test } from "vitest";
import { hashJson, sha256Hex } from "../schema/hash";
import { EXPOSED_NAME_PATTERN, reconcile } from "./index";
import type { FleetSnapshot, ServerToolList, SnapshotTool } from "./types";

const object = (properties: Record<string, unknown> = {}, required: string[] = []) => ({ type: "object", properties, required });

// The same name on two servers, with different required fields.
const github: ServerToolList = {
  id: "github",
  label: "GitHub",
  status: "ready",
  tools: [{ name: "create_issue", description: "Create a new issue", inputSchema: object({ repo: { type: "string" }, title: { type: "string" } }, ["repo", "title"]) }],
};
const linear: ServerToolList = {
  id: "linear",
  label: "Linear",
  status: "ready",
  tools: [{ name: "create_issue", description: "Create a new issue", inputSchema: object({ team_id: { type: "string" }, title: { type: "string" } }, ["team_id", "title"]) }],
};

function server(id: string, tools: unknown[], extra: Partial<ServerToolList> = {}): ServerToolList {
  return { id, status: "ready", tools, ...extra };
}

function tool(snapshot: FleetSnapshot, serverId: string, originalName: string): SnapshotTool {
  const found = snapshot.tools.find((t) => t.serverId === serverId && t.originalName === originalName);
  if (!found) throw new Error(`no ${serverId}:${originalName} in the snapshot`);
  return found;
}

const codes = (findings: { code: string }[] | undefined) => (findings ?? []).map((f) => f.code);

describe("rule 1: collisions and the prefix on conflict", () => {
  test("the seed's GitHub / Linear create_issue pair", () => {
    const githubHash = hashJson((github.tools[0] as { inputSchema: unknown }).inputSchema);
    const linearHash = hashJson((linear.tools[0] as { inputSchema: unknown }).inputSchema);
    expect(githubHash).not.toBe(linearHash);
    const snapshot = reconcile([linear, github]);
    expect({ collisions: snapshot.collisions, forward: snapshot.forward, reverse: snapshot.reverse }).toMatchInlineSnapshot(`
      {
        "collisions": [
          {
            "kind": "divergent",
            "members": [
              {
                "exposedName": "github__create_issue",
                "schemaHash": "${githubHash}",
                "serverId": "github",
              },
              {
                "exposedName": "linear__create_issue",
                "schemaHash": "${linearHash}",
                "serverId": "linear",
              },
            ],
            "name": "create_issue",
          },
        ],
        "forward": {
          "github__create_issue": {
            "originalName": "create_issue",
            "serverId": "github",
          },
          "linear__create_issue": {
            "originalName": "create_issue",
            "serverId": "linear",
          },
        },
        "reverse": {
          "github:create_issue": "github__create_issue",
          "linear:create_issue": "linear__create_issue",
        },
      }
    `);
    expect(tool(snapshot, "github", "create_issue").description).toBe("[GitHub] Create a new issue");
    expect(tool(snapshot, "linear", "create_issue").description).toBe("[Linear] Create a new issue");
    expect(codes(tool(snapshot, "github", "create_issue").renamed?.reasons)).toEqual(["name:collision"]);
    expect(tool(snapshot, "github", "create_issue").renamed?.reasons[0].message).toContain("also listed by linear");
  });

  test("a unique name stays as it is, untagged", () => {
    const snapshot = reconcile([server("memory", [{ name: "read_graph", description: "Read", inputSchema: object() }])]);
    const t = tool(snapshot, "memory", "read_graph");
    expect([t.exposedName, t.renamed, t.description]).toEqual(["read_graph", null, "Read"]);
    expect(snapshot.collisions).toEqual([]);
  });

  test("one server's tools given twice (two ids): identical groups, flagged", () => {
    const tools = [
      { name: "read_graph", description: "Read the graph", inputSchema: object() },
      { name: "create_entities", description: "Create", inputSchema: object({ entities: { type: "array", items: { type: "object" } } }, ["entities"]) },
    ];
    const snapshot = reconcile([server("memory", tools), server("memory-2", structuredClone(tools))]);
    expect(snapshot.collisions.map((c) => [c.name, c.kind, c.members.map((m) => m.exposedName)])).toEqual([
      ["create_entities", "identical", ["memory__create_entities", "memory-2__create_entities"]],
      ["read_graph", "identical", ["memory__read_graph", "memory-2__read_graph"]],
    ]);
    const warning = tool(snapshot, "memory", "read_graph").warnings.find((w) => w.code === "collision:identical");
    expect(warning?.message).toContain("memory-2");
    expect(tool(snapshot, "memory-2", "read_graph").description).toBe("[memory-2] Read the graph");
  });

  test("the same name twice within one server: the duplicate is flagged and excluded, no collision", () => {
    const snapshot = reconcile([
      server("files", [
        { name: "read", description: "Read a file", inputSchema: object({ path: { type: "string" } }) },
        { name: "read", description: "Read a file again", inputSchema: object({ file: { type: "string" } }) },
      ]),
    ]);
    expect(snapshot.collisions).toEqual([]);
    const reads = snapshot.tools.filter((t) => t.originalName === "read");
    expect(reads.map((t) => t.exposedName)).toEqual(["read", null]);
    expect(codes(reads[1].excluded?.reasons)).toEqual(["spec:duplicate-name"]);
    expect(reads[1].excluded?.reasons[0].message).toContain('files lists "read" 2 times');
    expect(snapshot.forward.read).toEqual({ serverId: "files", originalName: "read" });
  });
});

describe("rule 2: sanitizing exposed names", () => {
  test("a name that collides and is too long once prefixed", () => {
    const name = "create_issue_in_the_selected_project_workspace"; // 46 characters
    const id = "enterprise-issue-tracker"; // prefixed: 24 + 2 + 46 = 72
    const snapshot = reconcile([server(id, [{ name, inputSchema: object() }]), server("jira", [{ name, inputSchema: object() }])]);
    const t = tool(snapshot, id, name);
    expect(codes(t.renamed?.reasons)).toEqual(["name:collision", "name:too-long"]);
    expect(t.exposedName).toBe("enterprise-issue-tracker__create_issue_in_the_selected__c7341d34"); // cut to 55, then _ and 8 hex of sha256("{id}:{name}")
    expect(t.exposedName).toMatch(EXPOSED_NAME_PATTERN);
    expect(tool(snapshot, "jira", name).exposedName).toBe(`jira__${name}`);
    expect(snapshot.forward[t.exposedName!]).toEqual({ serverId: id, originalName: name });
  });

  test("a dotted tool name: sanitized, and its Claude Code name is the sanitized one", () => {
    const snapshot = reconcile([server("github", [{ name: "search.code", inputSchema: object() }])]);
    const t = tool(snapshot, "github", "search.code");
    expect(t.exposedName).toBe("search_code");
    expect(t.claudeCodeName).toBe("mcp__github__search_code");
    expect(codes(t.renamed?.reasons)).toEqual(["name:invalid-chars"]);
    expect(codes(t.warnings)).toContain("claude-name:sanitized");
    expect(snapshot.reverse["github:search.code"]).toBe("search_code");
  });

  test.each([
    [
      "a sanitized name meeting an original one gets the suffix, the original keeps its name",
      [server("a", [{ name: "search.code", inputSchema: object() }, { name: "search_code", inputSchema: object() }])],
      { "a:search_code": "search_code", "a:search.code": "search_code_a45c6a10" },
    ],
    [
      "a prefixed name meeting a tool that is literally called so",
      [
        server("github", [{ name: "create_issue", inputSchema: object() }]),
        server("linear", [{ name: "create_issue", inputSchema: object({ a: { type: "string" } }) }]),
        server("proxy", [{ name: "github__create_issue", inputSchema: object() }]),
      ],
      {
        "proxy:github__create_issue": "github__create_issue",
        "github:create_issue": "github__create_issue_e153f00a",
        "linear:create_issue": "linear__create_issue",
      },
    ],
    [
      "two sanitized names meeting each other both get suffixes",
      [server("a", [{ name: "x.y", inputSchema: object() }, { name: "x y", inputSchema: object() }])],
      { "a:x.y": "x_y_0dcb20a1", "a:x y": "x_y_d053144c" },
    ],
  ])("%s", (_label, servers, expected) => {
    const snapshot = reconcile(servers);
    for (const [key, name] of Object.entries(expected)) expect(snapshot.reverse[key]).toBe(name);
    const names = Object.keys(snapshot.forward);
    expect(new Set(names).size).toBe(names.length);
    expect(names.every((n) => EXPOSED_NAME_PATTERN.test(n))).toBe(true);
  });

  test("never throws and every exposed name is valid, whatever the input", () => {
    const weird = ["", " ", "🙂".repeat(80), "a".repeat(300), "x/y\\z", "__", "-", "mcp__a__b", "名前"];
    const snapshot = reconcile([
      server("s p a c e", weird.map((name) => ({ name, inputSchema: object() }))),
      server("t", [...weird.map((name) => ({ name, inputSchema: object() })), null, 5, "tool", [], { name: {} }]),
      { id: "broken", status: "error", error: "boom", tools: "nope" as unknown as unknown[] },
    ]);
    for (const name of Object.keys(snapshot.forward)) expect(name).toMatch(EXPOSED_NAME_PATTERN);
    expect(snapshot.tools).toHaveLength(2 * weird.length + 5);
  });
});

describe("rule 3: tags, and where Claude Code cuts a description", () => {
  test("the tag is the label, else the id", () => {
    const snapshot = reconcile([{ ...github, label: undefined }, linear]);
    expect(tool(snapshot, "github", "create_issue").description).toBe("[github] Create a new issue");
    expect(tool(snapshot, "linear", "create_issue").description).toBe("[Linear] Create a new issue");
  });

  test("tagging is idempotent: an already tagged description is tagged once", () => {
    const tagged = { ...github, tools: [{ ...(github.tools[0] as object), description: "[GitHub] Create a new issue" }] };
    expect(tool(reconcile([tagged, linear]), "github", "create_issue").description).toBe("[GitHub] Create a new issue");
  });

  test.each([
    ["2,048 characters (the old limit) is not flagged", "x".repeat(2049), object(), []],
    ["4,096 characters is not flagged", "x".repeat(4096), object(), []],
    ["4,097 characters is flagged, and the snapshot keeps it whole", "x".repeat(4097), object(), ["description:too-long"]],
    [
      "the flattening sentence counts toward the limit",
      "x".repeat(4050),
      { type: "object", anyOf: [{ required: ["a"] }, { required: ["b"] }] },
      ["description:too-long"],
    ],
  ])("a description of %s", (_label, description, inputSchema, warnings) => {
    const t = tool(reconcile([server("docs", [{ name: "long", description, inputSchema }])]), "docs", "long");
    expect(codes(t.warnings)).toEqual(warnings);
    expect(t.description.endsWith(description)).toBe(true);
    expect(t.checks.find((c) => c.check === "description-length")?.status).toBe(warnings.length ? "warn" : "pass");
  });

  test.each([
    ["a 70-character name: sent unchanged, not flagged", "an-mcp-server-with-a-long-id", "and_a_tool_with_a_long_name_too", "mcp__an-mcp-server-with-a-long-id__and_a_tool_with_a_long_name_too", []],
    ["__ in the tool name: Claude Code splits at the first __, so nothing is wrong", "github", "issues__create", "mcp__github__issues__create", []],
    ["__ in the server id", "git__hub", "create", "mcp__git__hub__create", ["claude-name:double-underscore"]],
    ["characters outside [a-zA-Z0-9_-] in both parts", "acme tools", "files.read", "mcp__acme_tools__files_read", ["claude-name:sanitized"]],
  ])("the Claude Code name: %s", (_label, id, name, claudeName, warningCodes) => {
    const t = tool(reconcile([server(id, [{ name, inputSchema: object() }])]), id, name);
    expect(t.claudeCodeName).toBe(claudeName);
    expect(codes(t.warnings).filter((c) => c.startsWith("claude-name:"))).toEqual(warningCodes);
    expect(t.exposedName).not.toBeNull();
  });
});

describe("rule 4: flattening root combinators", () => {
  test.each([
    [
      "oneOf",
      { type: "object", properties: { id: { type: "string" }, key: { type: "string" } }, oneOf: [{ required: ["id"] }, { required: ["key"] }] },
      "Input constraint: Provide parameters for exactly one of: (id) or (key).\n\nGet one issue.",
      "the server must check: exactly one of (id) or (key)",
      [],
    ],
    [
      "anyOf",
      { type: "object", anyOf: [{ properties: { email: { type: "string" } }, required: ["email"] }, { properties: { phone: { type: "string" } }, required: ["phone"] }] },
      "Input constraint: Provide parameters for at least one of: (email) or (phone).\n\nGet one issue.",
      "the server must check: at least one of (email) or (phone)",
      [],
    ],
    [
      "allOf",
      { type: "object", allOf: [{ properties: { repo: { type: "string" } }, required: ["repo"] }, { properties: { n: { type: "integer" } }, required: ["n"] }] },
      "Input constraint: all listed parameters apply together (flattened from a JSON Schema allOf).\n\nGet one issue.",
      undefined,
      ["repo", "n"],
    ],
  ])("root %s", (keyword, inputSchema, description, lostConstraint, required) => {
    const snapshot = reconcile([server("linear", [{ name: "get_issue", description: "Get one issue.", inputSchema }])]);
    const t = tool(snapshot, "linear", "get_issue");
    expect(t.flattened?.keyword).toBe(keyword);
    expect(t.flattened?.lostConstraint).toBe(lostConstraint);
    expect(t.description).toBe(description);
    expect(t.originalDescription).toBe("Get one issue.");
    expect(t.originalInputSchema).toBe(inputSchema);
    expect(t.inputSchema).not.toHaveProperty(keyword);
    expect((t.inputSchema as { required: string[] }).required ?? []).toEqual(required);
    expect(t.exposedName).toBe("get_issue");
    expect(t.checks.find((c) => c.check === "flatten")?.status).toBe(lostConstraint ? "warn" : "pass");
  });

  test("a nested anyOf is left alone", () => {
    const inputSchema = object({ due: { anyOf: [{ type: "string" }, { type: "null" }] } });
    const t = tool(reconcile([server("s", [{ name: "t", inputSchema }])]), "s", "t");
    expect(t.flattened).toBeNull();
    expect(t.inputSchema).toEqual(inputSchema);
    expect(t.checks.find((c) => c.check === "flatten")).toEqual({ check: "flatten", status: "skipped", message: "no root anyOf / oneOf / allOf" });
  });

  test("a combinator that cannot be flattened excludes the tool, with the reason", () => {
    const t = tool(reconcile([server("s", [{ name: "t", inputSchema: { type: "object", oneOf: { a: 1 } } }])]), "s", "t");
    expect(t.exposedName).toBeNull();
    expect(codes(t.excluded?.reasons)).toEqual(["flatten:failed", "schema:metaschema"]);
  });

  test("a $ref branch is resolved and flattened, as Claude Code does", () => {
    const inputSchema = { type: "object", $defs: { a: { properties: { id: { type: "string" } }, required: ["id"] } }, oneOf: [{ $ref: "#/$defs/a" }] };
    const t = tool(reconcile([server("s", [{ name: "t", inputSchema }])]), "s", "t");
    expect(t.exposedName).toBe("t");
    expect(t.inputSchema).toMatchObject({ properties: { id: { type: "string" } }, required: ["id"], additionalProperties: true });
  });

  test("the tag comes before the sentence on a collided, flattened tool", () => {
    const inputSchema = { type: "object", oneOf: [{ properties: { id: { type: "string" } }, required: ["id"] }, { properties: { key: { type: "string" } }, required: ["key"] }] };
    const snapshot = reconcile([
      server("linear", [{ name: "get", description: "Get.", inputSchema }], { label: "Linear" }),
      server("jira", [{ name: "get", description: "Get.", inputSchema: object() }]),
    ]);
    expect(tool(snapshot, "linear", "get").description).toBe("[Linear] Input constraint: Provide parameters for exactly one of: (id) or (key).\n\nGet.");
  });
});

describe("rules 5 and 6: checks and exclusions", () => {
  test.each([
    ["invalid property names", { name: "t", inputSchema: object({ "issue id": { type: "string" }, "a/b": {} }) }, ["schema:property-name", "schema:property-name"]],
    ["a schema invalid under 2020-12", { name: "t", inputSchema: object({ a: { type: "strin" } }) }, ["schema:metaschema"]],
    ["a root without type object", { name: "t", inputSchema: { properties: { a: { type: "string" } } } }, ["spec:root-not-object"]],
    ["a root of another type", { name: "t", inputSchema: { type: "array" } }, ["spec:root-not-object"]],
    ["no inputSchema", { name: "t" }, ["spec:missing-input-schema"]],
    ["every reason at once", { name: "t", inputSchema: object({ "bad name": { type: "strin" } }) }, ["schema:property-name", "schema:metaschema"]],
  ])("%s: excluded, kept in tools, left out of the maps", (_label, raw, reasonCodes) => {
    const snapshot = reconcile([server("s", [raw, { name: "ok", inputSchema: object() }])]);
    const t = tool(snapshot, "s", "t");
    expect(t.exposedName).toBeNull();
    expect(codes(t.excluded?.reasons)).toEqual(reasonCodes);
    expect(t.renamed).toBeNull();
    expect(snapshot.reverse).toEqual({ "s:ok": "ok" });
    expect(Object.keys(snapshot.forward)).toEqual(["ok"]);
    expect(snapshot.tools.map((x) => x.originalName)).toEqual(["ok", "t"]);
  });

  test("a draft-07 schema skips the metaschema check, says so, and is not excluded", () => {
    const inputSchema = { $schema: "http://json-schema.org/draft-07/schema#", ...object({ path: { type: "string" } }) };
    const t = tool(reconcile([server("fs", [{ name: "read_file", inputSchema }])]), "fs", "read_file");
    expect(t.checks.find((c) => c.check === "metaschema")).toEqual({ check: "metaschema", status: "skipped", message: "metaschema check skipped: $schema is draft-07, so the schema is sent unchecked" });
    expect(t.exposedName).toBe("read_file");
  });

  test("a tool with no name gets a placeholder name and is excluded", () => {
    const snapshot = reconcile([server("s", [{ name: "a", inputSchema: object() }, { description: "no name", inputSchema: object() }])]);
    const t = tool(snapshot, "s", "(unnamed #2)");
    expect(t.exposedName).toBeNull();
    expect(codes(t.excluded?.reasons)).toEqual(["spec:missing-name"]);
    expect(t.checks.find((c) => c.check === "spec")?.status).toBe("fail");
  });

  test("portability findings are warnings with a path and a fix, not exclusions", () => {
    const t = tool(reconcile([server("s", [{ name: "t", inputSchema: object({ q: { type: ["string", "null"] } }) }])]), "s", "t");
    expect(t.exposedName).toBe("t");
    expect(t.warnings).toEqual([expect.objectContaining({ code: "schema:type-array", path: "/properties/q/type", fix: expect.any(String) })]);
  });

  test("every tool carries every check that ran", () => {
    const snapshot = reconcile([github, linear, server("s", [{ name: "x" }])]);
    for (const t of snapshot.tools) {
      expect(t.checks.map((c) => c.check)).toEqual(["spec", "flatten", "property-names", "metaschema", "portability", "name", "claude-name", "description-length"]);
    }
    expect(tool(snapshot, "s", "x").checks.find((c) => c.check === "metaschema")?.status).toBe("skipped");
  });

  test("fills every field of a tool", () => {
    const raw = {
      name: "get",
      title: "Get a thing",
      description: "Get.",
      inputSchema: object({ id: { type: "string" } }, ["id"]),
      annotations: { readOnlyHint: true },
    };
    const t = tool(reconcile([server("s", [raw])]), "s", "get");
    expect(t).toMatchObject({
      serverId: "s",
      originalName: "get",
      exposedName: "get",
      claudeCodeName: "mcp__s__get",
      title: "Get a thing",
      annotations: { readOnlyHint: true },
      description: "Get.",
      originalDescription: "Get.",
      schemaHash: hashJson(raw.inputSchema),
      descriptionHash: hashJson("Get."),
      annotationsHash: hashJson({ readOnlyHint: true }),
      flattened: null,
      renamed: null,
      excluded: null,
      warnings: [],
    });
  });
});

describe("servers", () => {
  test("a server that is not ready contributes only the tools it was given", () => {
    const snapshot = reconcile([
      server("down", [], { status: "error", error: "spawn ENOENT" }),
      server("stale", [{ name: "kept", inputSchema: object() }], { status: "connecting" }),
      github,
    ]);
    expect(snapshot.servers).toEqual([
      { id: "down", status: "error", error: "spawn ENOENT", toolCount: 0 },
      { id: "github", label: "GitHub", status: "ready", toolCount: 1 },
      { id: "stale", status: "connecting", toolCount: 1 },
    ]);
    expect(Object.keys(snapshot.forward)).toEqual(["create_issue", "kept"]);
  });
});

describe("rule 7 and the fleet hash", () => {
  const fleet: ServerToolList[] = [
    github,
    linear,
    server("fs", [
      { name: "read_file", description: "Read", inputSchema: object({ path: { type: "string" } }) },
      { name: "write.file", description: "Write", inputSchema: { type: "object", anyOf: [{ required: ["a"] }, { required: ["b"] }] } },
      { name: "bad", inputSchema: object({ "x y": {} }) },
      { name: "read_file", description: "dup", inputSchema: object() },
      { description: "unnamed" },
    ]),
    server("memory", [{ name: "create_issue", description: "Create", inputSchema: object() }]),
  ];

  // A fixed permutation generator (no randomness in tests either). A tool without a name is known
  // only by its place in its server's list ("(unnamed #5)"), so it keeps that place.
  function permutations(seed: number): ServerToolList[] {
    let state = seed;
    const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
    const shuffle = <T>(list: T[]) => list.map((v) => [next(), v] as const).sort((a, b) => a[0] - b[0]).map(([, v]) => v);
    const named = (t: unknown) => typeof (t as { name?: unknown }).name === "string";
    return shuffle(
      fleet.map((s) => {
        const moved = shuffle(s.tools.filter(named));
        return { ...s, tools: s.tools.map((t) => (named(t) ? moved.shift() : t)) };
      }),
    );
  }

  test.each([[1], [2], [3], [42], [2026]])("the output is the same whatever the input order (permutation %i)", (seed) => {
    expect(JSON.stringify(reconcile(permutations(seed)))).toBe(JSON.stringify(reconcile(fleet)));
  });

  test("tools are ordered by exposed name, excluded ones last by server and name", () => {
    const snapshot = reconcile(fleet);
    expect(snapshot.tools.map((t) => t.exposedName ?? `excluded ${t.serverId}:${t.originalName}`)).toEqual([
      "github__create_issue",
      "linear__create_issue",
      "memory__create_issue",
      "read_file",
      "write_file",
      "excluded fs:(unnamed #5)",
      "excluded fs:bad",
      "excluded fs:read_file",
    ]);
  });

  test("is the SHA-256 over the tool hashes (canonical {name, description, input_schema}) of exposed tools by exposed name", () => {
    const snapshot = reconcile(fleet);
    const toolHashes = snapshot.tools
      .filter((t) => t.exposedName !== null)
      .map((t) => hashJson({ name: t.exposedName, description: t.description, input_schema: t.inputSchema }));
    expect(snapshot.fleetHash).toBe(sha256Hex(JSON.stringify(toolHashes)));
  });

  test.each([
    ["a description", (f: ServerToolList[]) => ((f[2].tools[0] as { description: string }).description = "Read a file")],
    ["a nested type", (f: ServerToolList[]) => ((f[2].tools[0] as any).inputSchema.properties.path.type = "integer")],
    ["a new server", (f: ServerToolList[]) => f.push(server("new", [{ name: "n", inputSchema: object() }]))],
  ])("changes when %s changes", (_label, change) => {
    const changed = structuredClone(fleet);
    change(changed);
    expect(reconcile(changed).fleetHash).not.toBe(reconcile(fleet).fleetHash);
  });

  test.each([
    ["keys are reordered", (f: ServerToolList[]) => ((f[2].tools[0] as any).inputSchema = { properties: { path: { type: "string" } }, required: [], type: "object" })],
    ["an excluded tool changes", (f: ServerToolList[]) => ((f[2].tools[2] as any).description = "still excluded")],
    ["a server that is down is added", (f: ServerToolList[]) => f.push(server("down", [], { status: "error" }))],
  ])("stays when %s", (_label, change) => {
    const changed = structuredClone(fleet);
    change(changed);
    expect(reconcile(changed).fleetHash).toBe(reconcile(fleet).fleetHash);
  });
});
