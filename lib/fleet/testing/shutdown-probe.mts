/**
 * Test support for singleton.test.ts: a process that starts the fleet singleton with stdio servers,
 * prints `PIDS <json> <statuses>`, then ends the way argv[2] says: "wait" for a signal, or "exit" by
 * process.exit while a server that ignores the end of its stdin is still connecting (only our exit
 * handler can end that one), so the test can check that no server outlives it.
 */
import { fixtureSpecPath, rawServerCommand, type FixtureName } from "@/e2e/fixtures/fixture-servers";
import { getFleetManager } from "@/lib/fleet/singleton";

const mode = process.argv[2];
const manager = getFleetManager({ timeoutMs: 60_000 });
const server = (id: string, name: FixtureName) => ({
  id,
  transport: "stdio" as const,
  enabled: true,
  source: { file: "(probe)", format: "runtime" as const },
  ...rawServerCommand(fixtureSpecPath(name)),
});
const report = () => process.stdout.write(`PIDS ${JSON.stringify(manager.childPids())} ${manager.getState().servers.map((s) => s.status).join(",")}\n`);

if (mode === "exit") {
  void manager.start({ servers: [server("a", "basic"), server("stuck", "hang")], findings: [], files: [] });
  // The hang server reads stdin and never exits on its end; give it time to be up, then leave abruptly.
  const stuck = () => manager.getState().servers.find((s) => s.id === "stuck")!;
  const deadline = Date.now() + 30_000;
  while (stuck().stderrTail.length === 0 && stuck().status === "connecting" && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  if (stuck().status !== "connecting" || stuck().stderrTail.length === 0) {
    process.stderr.write(`probe: the hang server is not up: ${JSON.stringify(stuck())}\n`);
    process.exit(3);
  }
  report();
  process.exit(0);
}
await manager.start({ servers: [server("a", "basic"), server("b", "basic")], findings: [], files: [] });
report();
setInterval(() => {}, 1 << 30);
