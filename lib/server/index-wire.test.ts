// The packed index the pages fetch: for every committed fixture fleet, unpacking gives the very text of the
// index as objects (the same keys in the same order), and each tool's fields come back whatever shape they
// take (a repeated name, a sanitized or renamed name, a dropped tool, a verdict like the one before it).
import { describe, expect, test } from "vitest";
import { FLEET_NAMES } from "@/lib/clients/__fixtures__/load-fleet";
import { CLIENT_CHOICE_LIST } from "@/lib/clients";
import { packedIndexJson, packIndexTool, unpackFleetIndex, unpackIndexTool, type PackedFleetIndex } from "./index-wire";
import { buildFleetIndex, IndexCache } from "./page-index";
import type { IndexTool, IndexVerdict } from "./page-state";
import { fixtureLists, stateOf } from "./page-state.test-util";

const READ = { claudeCode: [], codex: [] };
const roundTrip = (tool: IndexTool) => unpackIndexTool(JSON.parse(JSON.stringify(packIndexTool(tool))) as unknown[]);
const verdicts = (v: IndexVerdict, ...rest: IndexVerdict[]) => Object.fromEntries(CLIENT_CHOICE_LIST.map((c, i) => [c, i === 0 ? v : (rest[i - 1] ?? v)])) as IndexTool["clients"];

describe("the packed index", () => {
  test.each(FLEET_NAMES)("%s: unpacked, it is the index's JSON text exactly, in fewer bytes", (name) => {
    const built = buildFleetIndex(stateOf(fixtureLists(name)), { epoch: "e1", read: READ, cache: new IndexCache() });
    const packed = packedIndexJson(built.index, new WeakMap());
    expect(JSON.stringify(unpackFleetIndex(JSON.parse(packed) as PackedFleetIndex))).toBe(built.json);
    if (built.index.tools.length > 0) expect(packed.length).toBeLessThan(built.json.length);
  });

  test("a tool's texts are kept by its entry: an index that keeps an entry packs it once", () => {
    const built = buildFleetIndex(stateOf(fixtureLists("demo")), { epoch: "e1", read: READ, cache: new IndexCache() });
    const texts = new WeakMap<IndexTool, string>();
    const first = packedIndexJson(built.index, texts);
    const tool = built.index.tools[0];
    texts.set(tool, JSON.stringify(packIndexTool({ ...tool, schemaHash: "kept" })));
    const again = JSON.parse(packedIndexJson(built.index, texts)) as PackedFleetIndex;
    expect(unpackIndexTool(again.tools[0] as unknown[]).schemaHash).toBe("kept");
    expect(again.tools.slice(1)).toEqual((JSON.parse(first) as PackedFleetIndex).tools.slice(1));
  });

  /** An entry with the server's key order (lib/server/page-index.ts makes them so). */
  const entry = (over: Partial<IndexTool>): IndexTool => {
    const t = { key: "srv:get", serverId: "srv", originalName: "get", exposedName: "get" as string | null, claudeCodeName: "mcp__srv__get", schemaHash: "ab".repeat(32), clients: verdicts({ bytes: 120, tokens: 30 }), ...over };
    return {
      key: t.key,
      serverId: t.serverId,
      originalName: t.originalName,
      ...(t.title !== undefined ? { title: t.title } : {}),
      ...(t.annotations !== undefined ? { annotations: t.annotations } : {}),
      exposedName: t.exposedName,
      claudeCodeName: t.claudeCodeName,
      schemaHash: t.schemaHash,
      ...(t.flags !== undefined ? { flags: t.flags } : {}),
      ...(t.warnings !== undefined ? { warnings: t.warnings } : {}),
      clients: t.clients,
    };
  };
  const base = entry({});

  test.each<[string, IndexTool]>([
    ["the usual names, every verdict alike", base],
    ["a name listed again (#2)", entry({ key: "srv:get#2" })],
    ["renamed for a collision", entry({ exposedName: "srv__get", flags: ["collided"] })],
    ["an exposed name of its own", entry({ exposedName: "srv__get_2" })],
    ["excluded by the Agent SDK host", entry({ exposedName: null })],
    ["a sanitized Claude Code name", entry({ serverId: "my server", key: "my server:get", claudeCodeName: "mcp__my_server__get" })],
    ["warnings, title and annotations", entry({ title: "Get", annotations: { readOnlyHint: true }, flags: ["warnings"], warnings: 2 })],
    ["an empty title", entry({ title: "" })],
    ["annotations without a title", entry({ annotations: { destructiveHint: false } })],
    [
      "verdicts that differ: dropped with a reason, a Codex namespace, a name of its own, flags",
      entry({
        clients: verdicts(
          { callName: null, flags: ["excluded"], reason: "no root type", bytes: 0, tokens: 0 },
          { callName: null, flags: ["excluded"], reason: "no root type", bytes: 0, tokens: 0 },
          { callName: "mcp__srv__get", namespace: "mcp__srv", flags: ["renamed"], bytes: 99, tokens: 21 },
          { callName: "get_1", flags: ["renamed", "flattened"], bytes: 130, tokens: 33 },
        ),
      }),
    ],
    ["a dropped verdict without a reason", entry({ clients: verdicts({ callName: null, bytes: 0, tokens: 0 }) })],
  ])("%s: comes back as it was", (_name, tool) => {
    const back = roundTrip(tool);
    expect(back).toEqual(tool);
    expect(JSON.stringify(back)).toBe(JSON.stringify(tool));
  });

  test("a verdict equal to the one before it is sent as 1, and unpacked as that same verdict", () => {
    const tool = entry({ clients: verdicts({ flags: ["cut"], bytes: 5, tokens: 1 }) });
    const packed = packIndexTool(tool);
    expect(packed.slice(8, 8 + CLIENT_CHOICE_LIST.length)).toEqual([[5, 1, 0, 0, ["cut"]], 1, 1, 1]);
    const back = roundTrip(tool);
    expect(back.clients.codex).toEqual({ flags: ["cut"], bytes: 5, tokens: 1 });
    expect(back.clients.codex).toBe(back.clients["claude-code"]);
  });
});
