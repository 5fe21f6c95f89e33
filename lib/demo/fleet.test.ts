/**
 * The demo fleet: every spec parses, its server starts and lists exactly its
 * tools, demoFleetConfig is startable as written, and the specs together cover the feature list.
 */
import { existsSync, readFileSync } from "node:fs";
import { isAbsolute } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterEach, describe, expect, test } from "vitest";
import { REPO_ROOT } from "@/e2e/fixtures/fixture-servers";
import { reconcile } from "@/lib/reconcile";
import { DEMO_SERVERS, demoFleetConfig, demoSpecPath, rawServerPath } from "./fleet";
import { closeAllClients, connectStdio, listAllPages } from "./test-clients";

interface Tool {
  name?: string;
  description?: string;
  inputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}
interface Spec {
  serverInfo: { name: string; version: string };
  transport: string;
  pages: Tool[][];
  changes?: { afterMs: number; pages: Tool[][] }[];
}

const specs: Record<string, Spec> = Object.fromEntries(
  DEMO_SERVERS.map(({ id }) => [id, JSON.parse(readFileSync(demoSpecPath(REPO_ROOT, id), "utf8")) as Spec]),
);
const allTools = Object.entries(specs).flatMap(([serverId, spec]) => spec.pages.flat().map((tool) => ({ serverId, tool })));
const toolsNamed = (name: string) => allTools.filter(({ tool }) => tool.name === name);
const CLAUDE_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const PROPERTY_NAME = /^[a-zA-Z0-9_.-]{1,64}$/;
const ROOT_COMBINATORS = ["oneOf", "anyOf", "allOf"] as const;

afterEach(closeAllClients);

describe("demoFleetConfig", () => {
  test("gives six or more stdio servers started with this node on raw-server.mjs and an absolute spec", () => {
    const loaded = demoFleetConfig(REPO_ROOT);
    expect(loaded.servers.length).toBeGreaterThanOrEqual(6);
    expect(loaded.findings).toEqual([]);
    expect(new Set(loaded.servers.map((server) => server.id)).size).toBe(loaded.servers.length);
    for (const server of loaded.servers) {
      expect(server).toMatchObject({ transport: "stdio", command: process.execPath, enabled: true, source: { format: "demo" } });
      expect(server.label).toEqual(expect.any(String));
      expect(server.args).toEqual([rawServerPath(REPO_ROOT), server.source.file]);
      for (const path of server.args!) expect(isAbsolute(path) && existsSync(path)).toBe(true);
    }
  });

  test("resolves a relative root to absolute paths", () => {
    const [first] = demoFleetConfig(".").servers;
    expect(isAbsolute(first.args![0]) && isAbsolute(first.source.file)).toBe(true);
  });
});

describe.each(DEMO_SERVERS.map((server) => [server.id]))("demo server %s", (id) => {
  test("starts, announces listChanged, and lists exactly its spec's tools page by page", async () => {
    const { client, errors } = await connectStdio(demoSpecPath(REPO_ROOT, id));
    expect(client.getServerVersion()).toEqual(specs[id].serverInfo);
    expect(client.getServerCapabilities()?.tools?.listChanged).toBe(true);
    expect(await listAllPages(client)).toEqual(specs[id].pages);
    expect(errors).toEqual([]);
  });
});

describe("the demo fleet covers every feature", () => {
  test("create_issue collides, divergent, between tracker and githost", () => {
    const group = toolsNamed("create_issue");
    expect(group.map(({ serverId }) => serverId).sort()).toEqual(["githost", "tracker"]);
    expect(isDeepStrictEqual(group[0].tool.inputSchema, group[1].tool.inputSchema)).toBe(false);
  });

  test("search is listed by three servers with three different schemas", () => {
    const group = toolsNamed("search");
    expect(group).toHaveLength(3);
    const schemas = group.map(({ tool }) => JSON.stringify(tool.inputSchema));
    expect(new Set(schemas).size).toBe(3);
  });

  test("one collision group is identical (same schema on every member)", () => {
    const names = new Set(allTools.map(({ tool }) => tool.name));
    const identical = [...names].filter((name) => {
      const group = toolsNamed(name!);
      return group.length > 1 && group.every(({ tool }) => isDeepStrictEqual(tool.inputSchema, group[0].tool.inputSchema));
    });
    expect(identical).toEqual(["fetch_url"]);
  });

  test.each(ROOT_COMBINATORS)("a root %s", (keyword) => {
    expect(allTools.some(({ tool }) => Array.isArray(tool.inputSchema?.[keyword]))).toBe(true);
  });

  test("a combinator nested inside a property", () => {
    const nested = allTools.filter(({ tool }) =>
      Object.values((tool.inputSchema?.properties ?? {}) as Record<string, Record<string, unknown>>).some((property) =>
        ROOT_COMBINATORS.some((keyword) => Array.isArray(property[keyword])),
      ),
    );
    expect(nested.map(({ tool }) => tool.name)).toContain("list_issues");
  });

  test("draft-07 $schema", () => {
    expect(allTools.some(({ tool }) => tool.inputSchema?.$schema === "http://json-schema.org/draft-07/schema#")).toBe(true);
  });

  test("a top-level property name the Claude API rejects", () => {
    const bad = allTools.flatMap(({ tool }) => Object.keys(tool.inputSchema?.properties ?? {}).filter((key) => !PROPERTY_NAME.test(key)));
    expect(bad).toEqual(["$filter"]);
  });

  test("dotted tool names", () => {
    expect(allTools.filter(({ tool }) => tool.name?.includes(".")).length).toBeGreaterThan(0);
  });

  test("a tool whose inputSchema is not type object", () => {
    expect(allTools.filter(({ tool }) => tool.inputSchema?.type !== "object").map(({ tool }) => tool.name)).toEqual(["get-library-docs"]);
  });

  test("a schema without $schema that is invalid under JSON Schema 2020-12", () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const invalid = allTools.filter(({ tool }) => !tool.inputSchema?.$schema && !ajv.validateSchema(tool.inputSchema!));
    expect(invalid.map(({ tool }) => tool.name)).toEqual(["comments.create"]);
  });

  test("a description over 2,048 characters", () => {
    expect(allTools.some(({ tool }) => (tool.description ?? "").length > 2048)).toBe(true);
  });

  test("a collided name whose prefixed forms break 64 characters", () => {
    const long = allTools.filter(({ serverId, tool }) => !CLAUDE_NAME.test(`mcp__${serverId}__${tool.name}`) && CLAUDE_NAME.test(tool.name!));
    expect(long.length).toBeGreaterThan(0);
    const collidedLong = long.filter(({ serverId, tool }) => toolsNamed(tool.name!).length > 1 && `${serverId}__${tool.name}`.length > 64);
    expect(collidedLong.length).toBeGreaterThan(0);
  });

  test("annotations: readOnlyHint true, destructiveHint true, and tools with none", () => {
    expect(allTools.some(({ tool }) => tool.annotations?.readOnlyHint === true)).toBe(true);
    expect(allTools.some(({ tool }) => tool.annotations?.destructiveHint === true)).toBe(true);
    expect(allTools.some(({ tool }) => tool.annotations === undefined)).toBe(true);
  });

  test("a server paginates tools/list", () => {
    expect(Object.values(specs).some((spec) => spec.pages.length > 1)).toBe(true);
  });

  test("a server changes a tool's schema some seconds after start", () => {
    const changing = Object.entries(specs).filter(([, spec]) => spec.changes?.length);
    expect(changing.map(([id]) => id)).toEqual(["tracker"]);
    const [change] = specs.tracker.changes!;
    expect(change.afterMs).toBeGreaterThanOrEqual(3_000);
    const before = specs.tracker.pages.flat().find((tool) => tool.name === "create_issue")!;
    const after = change.pages.flat().find((tool) => tool.name === "create_issue")!;
    const keys = (tool: Tool) => Object.keys((tool.inputSchema!.properties ?? {}) as object);
    expect(keys(after).filter((key) => !keys(before).includes(key))).toEqual(["dueDate"]);
  });
});

test("tracker sends list_changed after its scheduled change and then serves create_issue with dueDate", async () => {
  const connected = await connectStdio(demoSpecPath(REPO_ROOT, "tracker"));
  const changed = connected.nextListChanged(15_000);
  await changed;
  const tools = (await listAllPages(connected.client)).flat() as Tool[];
  const createIssue = tools.find((tool) => tool.name === "create_issue")!;
  expect(Object.keys(createIssue.inputSchema!.properties as object)).toContain("dueDate");
}, 25_000);

test("reconciled, the demo fleet shows collisions of both kinds, all three flattenings, renames and exclusions", () => {
  const snapshot = reconcile(DEMO_SERVERS.map(({ id, label }) => ({ id, label, status: "ready" as const, tools: specs[id].pages.flat() })));
  expect(snapshot.collisions.map((group) => `${group.name}: ${group.kind} (${group.members.map((m) => m.serverId).join(", ")})`))
    .toMatchInlineSnapshot(`
      [
        "create_issue: divergent (githost, tracker)",
        "fetch_url: identical (docs, web)",
        "get_authenticated_user_profile_with_workspace_memberships: divergent (chat, tracker)",
        "search: divergent (chat, web, wiki)",
      ]
    `);
  const flattened = snapshot.tools.filter((tool) => tool.flattened).map((tool) => `${tool.originalName}: ${tool.flattened!.keyword}`);
  expect(flattened.sort()).toEqual(["create_or_update_file: allOf", "get_issue: oneOf", "update_issue: anyOf"]);
  const excluded = snapshot.tools.filter((tool) => tool.excluded).map((tool) => `${tool.serverId}:${tool.originalName}`);
  expect(excluded.sort()).toEqual(["docs:get-library-docs", "wiki:comments.create", "wiki:users.list"]);
  const tooLong = snapshot.tools.filter((tool) => tool.exposedName && tool.exposedName.length <= 64 && `${tool.serverId}__${tool.originalName}`.length > 64);
  expect(tooLong.map((tool) => tool.serverId)).toEqual(["tracker"]);
  expect(snapshot.tools.find((tool) => tool.originalName === "pages.get")?.exposedName).toBe("pages_get");
});
