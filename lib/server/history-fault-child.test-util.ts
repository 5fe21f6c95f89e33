/**
 * Test-only child process for history-recorder.test.ts, run where the parent cannot be: as another user (a
 * read-only data folder; root writes anywhere) or under a file-size limit (a disk that fills up).
 * argv: <mode: "open" | "record"> <dataDir>. Prints one JSON line: what the user would be told, and
 * what is still waiting to be written.
 */
import { FleetManager } from "@/lib/fleet/manager";
import { fixtureSnapshot } from "@/lib/history/snapshot-fixture.test-util";
import { HistoryStore } from "@/lib/history/store";
import { HistoryRecorder } from "./history-recorder";
import { attachHistory, attachedHistoryStore } from "./live-history";

// Writing past the file-size limit sends SIGXFSZ, which would kill us before SQLite can see EFBIG.
process.on("SIGXFSZ", () => {});
const [mode, dataDir] = process.argv.slice(2);

async function openAsTheDashboardDoes(): Promise<void> {
  // What the dashboard does: attach the history to a live (empty) fleet.
  const manager = new FleetManager();
  attachHistory(manager, dataDir);
  let historyError: string | null = null;
  try {
    attachedHistoryStore();
  } catch (error) {
    historyError = error instanceof Error ? error.message : String(error);
  }
  const state = manager.getState();
  process.stdout.write(`${JSON.stringify({ historyError, notices: state.notices.map((n) => ({ code: n.code, message: n.message })), fleetOpen: !manager.isClosed })}\n`);
  await manager.close();
}

function recordUnderLimit(): void {
  const store = HistoryStore.open(dataDir);
  const notices: string[] = [];
  const recorder = new HistoryRecorder(store, { problem: (message) => notices.push(message), recovered: (message) => notices.push(message) }, { baseMs: 60_000 });
  // A big schema, so the write-ahead log has to grow past the limit.
  recorder.record(fixtureSnapshot({ a: [{ name: "one", description: "changed", schema: { type: "object", description: "x".repeat(400_000) } }] }));
  process.stdout.write(`${JSON.stringify({ notices, waiting: recorder.waiting })}\n`);
  recorder.stop();
  store.close();
}

if (mode === "open") void openAsTheDashboardDoes();
else recordUnderLimit();
