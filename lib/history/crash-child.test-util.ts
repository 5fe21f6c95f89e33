/**
 * Test-only child process for store.test.ts: records a baseline, then dies by SIGKILL in the middle
 * of the next record's transaction (after the first server's rows went in), as a real crash would.
 */
import { fixtureSnapshot } from "./snapshot-fixture.test-util";
import { HistoryStore } from "./store";

const dataDir = process.argv[2];
const store = HistoryStore.open(dataDir);
store.record(fixtureSnapshot({ a: [{ name: "one" }], b: [{ name: "two" }] }));
process.stdout.write("BASELINE\n");

const next = fixtureSnapshot({ a: [{ name: "one", description: "changed" }], b: [{ name: "two", description: "changed too" }] });
const victim = next.tools.find((t) => t.serverId === "b")!;
// Reading b's schema happens inside the transaction, after a's observation and event rows were written.
Object.defineProperty(victim, "originalInputSchema", {
  get() {
    process.kill(process.pid, "SIGKILL");
    return {};
  },
});
store.record(next);
process.stdout.write("NOT REACHED\n");
