import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, test, vi } from "vitest";
import type { StateStorage } from "zustand/middleware";
import type { FleetChange, FleetIndex } from "@/lib/server/page-state";
import { FLEET_INDEX_PATH } from "@/lib/api-client";
import { packedIndexJson } from "@/lib/server/index-wire";
import { useFleetStore } from "./hooks";
import { FleetStoreProvider } from "./provider";
import { createFleetStore, PREFERENCES_KEY, resyncAfterReconnect } from "./store";

function index(version: number, patch: Partial<FleetIndex> = {}): FleetIndex {
  return {
    epoch: "run-1",
    version,
    generatedAt: `2026-01-01T00:00:0${version}Z`,
    fleetHash: String(version),
    demo: true,
    settled: true,
    configFiles: [],
    findings: [],
    notices: [],
    servers: [],
    collisions: [],
    clients: {} as FleetIndex["clients"],
    tools: [],
    ...patch,
  };
}

const change = (version: number, base: number | null, patch: Partial<FleetChange> = {}): FleetChange => ({ epoch: "run-1", version, base, generatedAt: `2026-01-01T00:00:0${version}Z`, ...patch });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("createFleetStore", () => {
  test("each call makes an independent store", () => {
    const a = createFleetStore();
    const b = createFleetStore();
    a.getState().receiveFleet(index(1));
    expect(a.getState().fleet?.version).toBe(1);
    expect(b.getState().fleet).toBeNull();
  });

  test.each([
    ["a newer version replaces", index(3), 3],
    ["the same version re-sent replaces", index(2), 2],
    ["an older version of the same run is ignored", index(1), 2],
    ["a lower version of another run (the server restarted) replaces", index(1, { epoch: "run-2" }), 1],
  ])("%s", (_name, next, expected) => {
    const store = createFleetStore();
    store.getState().receiveFleet(index(2));
    store.getState().receiveFleet(next);
    expect(store.getState().fleet?.version).toBe(expected);
    expect(store.getState().fleetStatus).toBe("ready");
  });

  test("server notices reach the notice bar: each new one, and on the first state only an open problem", () => {
    const notice = (id: number, tone: "good" | "bad", message: string) => ({ id, time: `2026-01-01T00:00:0${id}Z`, tone, code: "config:reloaded", message });
    const store = createFleetStore();
    store.getState().receiveFleet(index(1, { notices: [notice(1, "good", "old news")] }));
    expect(store.getState().notice).toBeNull();
    store.getState().receiveFleet(index(2, { notices: [notice(1, "good", "old news"), notice(2, "good", ".mcp.json changed")] }));
    expect(store.getState().notice).toMatchObject({ tone: "good", message: ".mcp.json changed" });
    store.getState().dismissNotice();
    store.getState().receiveFleet(index(3, { notices: [notice(1, "good", "old news"), notice(2, "good", ".mcp.json changed")] }));
    expect(store.getState().notice).toBeNull();

    const opened = createFleetStore();
    opened.getState().receiveFleet(index(1, { notices: [notice(3, "bad", "history.db is locked")] }));
    expect(opened.getState().notice).toMatchObject({ tone: "bad", message: "history.db is locked" });
  });

  test("notices count up so a repeated message is announced again", () => {
    const store = createFleetStore();
    store.getState().notify("bad", "x");
    store.getState().notify("bad", "x");
    expect(store.getState().notice).toEqual({ tone: "bad", message: "x", id: 2 });
    store.getState().dismissNotice();
    expect(store.getState().notice).toBeNull();
  });
});

describe("receiveFleetChange", () => {
  function recording() {
    const store = createFleetStore();
    const loads: string[] = [];
    store.setState({ loadFleet: async () => void loads.push("index") });
    return { store, loads };
  }

  test("a change that follows the index held is applied, and a notice it brings is shown", async () => {
    const { store, loads } = recording();
    store.getState().receiveFleet(index(4));
    await store.getState().receiveFleetChange(change(5, 4, { settled: false, notices: [{ id: 9, time: "2026-01-01T00:00:09Z", tone: "good", code: "config:reloaded", message: "reloaded" }] }));
    expect(store.getState().fleet).toMatchObject({ version: 5, settled: false });
    expect(store.getState().notice?.message).toBe("reloaded");
    expect(loads).toEqual([]);
  });

  test.each([
    ["a gap", change(6, 5)],
    ["another run of the server", { ...change(5, 4), epoch: "run-2" }],
    ["a newer version named by a stream that just opened", change(7, null)],
  ])("%s: the index is fetched again", async (_name, event) => {
    const { store, loads } = recording();
    store.getState().receiveFleet(index(4));
    await store.getState().receiveFleetChange(event);
    expect(loads).toEqual(["index"]);
    expect(store.getState().fleet?.version).toBe(4);
  });

  test("the stream's first event waits for the index already on its way, instead of fetching it twice", async () => {
    let answer: (value: Response) => void = () => {};
    const fetches: string[] = [];
    vi.stubGlobal("fetch", (url: string) => {
      fetches.push(url);
      return new Promise<Response>((resolve) => (answer = resolve));
    });
    const store = createFleetStore();
    const loading = store.getState().loadFleet();
    const hello = store.getState().receiveFleetChange(change(3, null));
    answer(new Response(packedIndexJson(index(3), new WeakMap()), { status: 200 }));
    await Promise.all([loading, hello]);
    expect(fetches).toEqual([FLEET_INDEX_PATH]);
    expect(store.getState().fleet?.version).toBe(3);
  });

  test.each([
    ["the objects form", () => JSON.stringify(index(3))],
    ["a packed index whose tools are not packed tools", () => JSON.stringify({ ...index(3), packed: 1, tools: [5] })],
  ])("an index answer that is not a packed index (%s) leaves no fleet and says so", async (_name, body) => {
    vi.stubGlobal("fetch", async () => new Response(body(), { status: 200 }));
    const store = createFleetStore();
    await store.getState().loadFleet();
    expect(store.getState().fleet).toBeNull();
    expect(store.getState().fleetStatus).toBe("error");
    expect(store.getState().fleetError?.message).toBe(`GET ${FLEET_INDEX_PATH} answered with something other than a packed fleet index.`);
  });

  test("a tool's detail that is open is fetched again when a change names the tool", async () => {
    const fetches: string[] = [];
    vi.stubGlobal("fetch", async (url: string) => {
      fetches.push(url);
      return new Response(JSON.stringify({ epoch: "run-1", version: 1, key: "a:t", tool: {}, clients: {} }), { status: 200 });
    });
    const store = createFleetStore();
    store.getState().receiveFleet(index(1));
    await store.getState().loadToolDetail("a", "t");
    expect(store.getState().toolDetails["a:t"].status).toBe("ready");
    const tool = { key: "a:t", serverId: "a", originalName: "t", exposedName: "t", claudeCodeName: "mcp__a__t", schemaHash: "h", sizes: { description: 0, schema: 2 }, clients: {} as FleetIndex["tools"][number]["clients"] };
    await store.getState().receiveFleetChange(change(2, 1, { tools: { changed: [tool], removed: [] } }));
    await vi.waitFor(() => expect(fetches).toEqual(["/api/fleet/tools/a/t", "/api/fleet/tools/a/t"]));
    await store.getState().receiveFleetChange(change(3, 2, { tools: { changed: [], removed: ["b:other"] } }));
    expect(fetches).toHaveLength(2);
  });
});

describe("the client preference", () => {
  function memory(): StateStorage & { data: Map<string, string> } {
    const data = new Map<string, string>();
    return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
  }

  test("is kept across visits, and only it", async () => {
    const storage = memory();
    const first = createFleetStore(storage);
    await first.persist?.rehydrate();
    expect(first.getState().preferredClient).toBe("claude-code");
    first.getState().setPreferredClient("codex");
    first.getState().notify("good", "not a preference");
    expect(JSON.parse(storage.data.get(PREFERENCES_KEY)!)).toEqual({ state: { preferredClient: "codex" }, version: 1 });
    const next = createFleetStore(storage);
    await next.persist?.rehydrate();
    expect(next.getState().preferredClient).toBe("codex");
  });

  test("a stored value that names no client is ignored", async () => {
    const storage = memory();
    storage.data.set(PREFERENCES_KEY, JSON.stringify({ state: { preferredClient: "cursor" }, version: 1 }));
    const store = createFleetStore(storage);
    await store.persist?.rehydrate();
    expect(store.getState().preferredClient).toBe("claude-code");
  });
});

describe("resyncAfterReconnect", () => {
  /** Replaces the load actions with recorders, so the test sees what a reconnect reloads. */
  function recordingStore(patch: Record<string, unknown>) {
    const store = createFleetStore();
    const calls: string[] = [];
    const record = (name: string) => async () => void calls.push(name);
    store.setState({
      ...patch,
      loadFleet: record("fleet"),
      loadHistory: record("history"),
      loadReview: record("review"),
      loadPermissions: record("permissions"),
    });
    return { store, calls };
  }

  test("reloads only the fleet when no other view was opened", () => {
    const { store, calls } = recordingStore({});
    resyncAfterReconnect(store);
    expect(calls).toEqual(["fleet"]);
  });

  test("reloads every view already loaded, so events sent during the gap are not lost", () => {
    const { store, calls } = recordingStore({
      historyStatus: "ready",
      review: { lastReviewedAt: null, baseline: null, events: [] },
      permissions: { rows: [] },
    });
    resyncAfterReconnect(store);
    expect(calls).toEqual(["fleet", "history", "review", "permissions"]);
  });
});

describe("useFleetStore", () => {
  function Probe() {
    return createElement("span", null, useFleetStore((s) => s.fleetStatus));
  }

  test("throws outside the provider, naming it", () => {
    expect(() => renderToString(createElement(Probe))).toThrow(/inside <FleetStoreProvider>/);
  });

  test("reads the provider's store inside it", () => {
    expect(renderToString(createElement(FleetStoreProvider, null, createElement(Probe)))).toBe("<span>idle</span>");
  });
});
