/**
 * The page state of the live fleet (lib/server/page-state.ts): the index of the manager's current state,
 * built once per version and kept as JSON for every request; each new state the manager announces goes
 * out as a `fleet` event carrying only what changed since the one before; a tool's detail on demand.
 * While no browser listens, nothing is built: the next event then says only the version, and a page
 * that opens fetches the index.
 */
import "server-only";

import type { ToolSearchSetting } from "@/lib/clients";
import type { FleetManager } from "@/lib/fleet/manager";
import type { FleetState } from "@/lib/fleet/types";
import { publishEvent, subscriberCount } from "./event-bus";
import { diffFleetIndex } from "./page-changes";
import { packedIndexJson } from "./index-wire";
import { buildFleetIndex, buildToolDetail, IndexCache, type BuiltIndex, type SettingsReadByClient } from "./page-index";
import type { FleetChange, IndexTool, ToolDetail } from "./page-state";

export class LivePage {
  /** This run of the server: a page that saw another run fetches everything again. */
  readonly epoch = `${process.pid}-${Date.now().toString(36)}`;
  private readonly cache = new IndexCache();
  /** The newest index built (for requests), and the last one a `fleet` event described (what the next change starts from). */
  private latest: { state: FleetState; built: BuiltIndex } | null = null;
  private published: BuiltIndex | null = null;
  /** Each entry's packed text, and the packed JSON of the newest index asked for in that form. */
  private readonly packedTexts = new WeakMap<IndexTool, string>();
  private packed: { built: BuiltIndex; json: string } | null = null;

  constructor(
    private readonly manager: FleetManager,
    /** The client settings the views were made with: the files read, and Claude Code's ENABLE_TOOL_SEARCH. */
    private readonly settingsRead: () => { read: SettingsReadByClient; toolSearch: ToolSearchSetting | null },
  ) {}

  /** Starts following the manager: every state it announces becomes one `fleet` event. Returns the stop function. */
  follow(): () => void {
    return this.manager.subscribe((state) => this.announce(state));
  }

  /** The index of the current state, as JSON (built at most once per state). */
  indexJson(): string {
    return this.built(this.manager.getState()).json;
  }

  /** The same, packed for the page (lib/server/index-wire.ts), built at most once per state. */
  indexPackedJson(): string {
    const built = this.built(this.manager.getState());
    if (this.packed?.built !== built) this.packed = { built, json: packedIndexJson(built.index, this.packedTexts) };
    return this.packed.json;
  }

  /** The stream's first event: the current version, no change (a page that does not hold it fetches the index). */
  hello(): FleetChange {
    const state = this.manager.getState();
    return { epoch: this.epoch, version: state.version, base: null, generatedAt: state.generatedAt };
  }

  /** One tool in full, from the current state; null when the fleet does not list it. */
  detail(serverId: string, originalName: string, occurrence = 1): ToolDetail | null {
    return buildToolDetail(this.manager.getState(), this.epoch, serverId, originalName, occurrence);
  }

  private built(state: FleetState): BuiltIndex {
    if (this.latest?.state === state) return this.latest.built;
    const { read, toolSearch } = this.settingsRead();
    const built = buildFleetIndex(state, { epoch: this.epoch, read, toolSearch, cache: this.cache });
    this.latest = { state, built };
    return built;
  }

  private announce(state: FleetState): void {
    if (subscriberCount() === 0) {
      // Nobody to tell: the next event that finds a listener carries the version only.
      this.published = null;
      return;
    }
    const built = this.built(state);
    const before = this.published;
    this.published = built;
    publishEvent("fleet", before && before.index.version < built.index.version ? diffFleetIndex(before, built) : { epoch: this.epoch, version: state.version, base: null, generatedAt: state.generatedAt });
  }
}
