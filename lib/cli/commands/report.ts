/**
 * `mcp-fleet report [--config F ...] [--since ISO] [--timeout MS]`: the weekly review as Markdown.
 * Records the live observation in the data folder's history first, so the report is current.
 */
import { parseFlags } from "../flags";
import { asCliErrors, withLiveFleet } from "../live-fleet";
import { renderReport } from "@/lib/history/report";
import { HistoryStore } from "@/lib/history/store";
import type { Command } from "../io";

export const usage = "usage: mcp-fleet report [--config <file> ...] [--since <ISO time>] [--timeout <ms>]";

export const run: Command = (args, io) =>
  asCliErrors(async () => {
    const flags = parseFlags(args, ["config", "timeout", "since"]);
    return withLiveFleet(flags, io, ({ state, dataDir }) => {
      const store = HistoryStore.open(dataDir);
      try {
        store.record(state.snapshot);
        const review = store.review();
        const events = flags.since ? store.events({ since: flags.since }).reverse() : review.events;
        const since = flags.since ?? review.lastReviewedAt;
        io.out(renderReport({ generatedAt: store.timestamp(), since, scope: flags.since ? "since" : "review", events, snapshot: state.snapshot }));
        return 0;
      } finally {
        store.close();
      }
    });
  });
