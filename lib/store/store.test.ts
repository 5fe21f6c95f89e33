import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import type { FleetState } from "@/lib/fleet/types";
import { useFleetStore } from "./hooks";
import { FleetStoreProvider } from "./provider";
import { createFleetStore, resyncAfterReconnect } from "./store";

function state(version: number, generatedAt: string): FleetState {
  return {
    version,
    generatedAt,
    snapshot: { fleetHash: String(version), servers: [], tools: [], collisions: [], forward: {}, reverse: {} },
    servers: [],
    findings: [],
    configFiles: [],
    settled: true,
    notices: [],
    demo: true,
  };
}

describe("createFleetStore", () => {
  test("each call makes an independent store", () => {
    const a = createFleetStore();
    const b = createFleetStore();
    a.getState().receiveFleet(state(1, "2026-01-01T00:00:01Z"));
    expect(a.getState().fleet?.version).toBe(1);
    expect(b.getState().fleet).toBeNull();
  });

  test.each([
    ["a newer version replaces", 3, "2026-01-01T00:00:03Z", 3],
    ["the same version re-sent replaces", 2, "2026-01-01T00:00:02Z", 2],
    ["an older version from an older time is ignored", 1, "2026-01-01T00:00:01Z", 2],
    ["a lower version from a later time (server restarted) replaces", 1, "2026-01-01T00:00:09Z", 1],
  ])("%s", (_name, version, at, expected) => {
    const store = createFleetStore();
    store.getState().receiveFleet(state(2, "2026-01-01T00:00:02Z"));
    store.getState().receiveFleet(state(version, at));
    expect(store.getState().fleet?.version).toBe(expected);
    expect(store.getState().fleetStatus).toBe("ready");
  });

  test("server notices reach the notice bar: each new one, and on the first state only an open problem", () => {
    const notice = (id: number, tone: "good" | "bad", message: string) => ({ id, time: `2026-01-01T00:00:0${id}Z`, tone, code: "config:reloaded", message });
    const store = createFleetStore();
    store.getState().receiveFleet({ ...state(1, "2026-01-01T00:00:01Z"), notices: [notice(1, "good", "old news")] });
    expect(store.getState().notice).toBeNull();
    store.getState().receiveFleet({ ...state(2, "2026-01-01T00:00:02Z"), notices: [notice(1, "good", "old news"), notice(2, "good", ".mcp.json changed")] });
    expect(store.getState().notice).toMatchObject({ tone: "good", message: ".mcp.json changed" });
    store.getState().dismissNotice();
    store.getState().receiveFleet({ ...state(3, "2026-01-01T00:00:03Z"), notices: [notice(1, "good", "old news"), notice(2, "good", ".mcp.json changed")] });
    expect(store.getState().notice).toBeNull();

    const opened = createFleetStore();
    opened.getState().receiveFleet({ ...state(1, "2026-01-01T00:00:01Z"), notices: [notice(3, "bad", "history.db is locked")] });
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
