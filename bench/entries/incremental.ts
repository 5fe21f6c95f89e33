/**
 * incremental: one server of a 10,000-tool fleet (200 servers, 50 tools each) lists again with one tool
 * changed, as after a list_changed; the FleetModel brings the snapshot and all four client views up to
 * date. ratio = that update / a full run (a new model: the snapshot and all four views from the raw
 * lists), medians from one run (goal <= 0.10). Hashes are native, as on the server.
 */
import { FleetModel } from "../../lib/clients/fleet-model";
import { CLIENT_CHOICES, type ClientChoice } from "../../lib/clients";
import { installNativeSha256 } from "../../lib/fleet/native-sha256";
import type { ServerToolList } from "../../lib/reconcile/types";
import { syntheticFleet } from "../synthetic-fleet";
import { median } from "../stats";
import type { Benchmark } from "../types";

const ROUNDS = 7;
const CHOICES = Object.keys(CLIENT_CHOICES) as ClientChoice[];

/** The snapshot and every client view of `servers`, as the dashboard needs them. */
function everything(model: FleetModel, servers: readonly ServerToolList[]): number {
  const result = model.update(servers);
  let sent = 0;
  for (const choice of CHOICES) sent += result.view(choice).wire.length;
  return sent + result.snapshot.tools.length;
}

/** The fleet after server `index` listed again with its tool `round` changed: new objects for its whole list. */
function relisted(fleet: ServerToolList[], index: number, round: number): ServerToolList[] {
  return fleet.map((server, i) => {
    if (i !== index) return server;
    const tools = structuredClone(server.tools) as { description: string; inputSchema: { properties: Record<string, unknown> } }[];
    const tool = tools[round % tools.length];
    tool.description += ` Changed in round ${round}.`;
    tool.inputSchema.properties[`added_${round}`] = { type: "string" };
    return { ...server, tools };
  });
}

export const benchmark: Benchmark = {
  name: "incremental",
  async run() {
    installNativeSha256();
    let fleet = syntheticFleet({ servers: 200, toolsPerServer: 50 });
    const model = new FleetModel();
    everything(model, fleet);
    everything(new FleetModel(), fleet); // warm-up: the JIT, the Ajv compile
    const fullMs: number[] = [];
    const updateMs: number[] = [];
    let analysed = 0;
    let parts = 0;
    for (let round = 0; round < ROUNDS; round++) {
      let start = performance.now();
      everything(new FleetModel(), fleet);
      fullMs.push(performance.now() - start);
      // A different server each round, spread over the id order.
      fleet = relisted(fleet, (round * 37) % fleet.length, round);
      const before = model.stats;
      start = performance.now();
      everything(model, fleet);
      updateMs.push(performance.now() - start);
      analysed += model.stats.toolsAnalysed - before.toolsAnalysed;
      parts += model.stats.serverParts - before.serverParts;
    }
    const full = median(fullMs);
    const update = median(updateMs);
    return {
      tools: fleet.reduce((n, s) => n + s.tools.length, 0),
      fullMs: Number(full.toFixed(1)),
      updateMs: Number(update.toFixed(1)),
      ratio: Number((update / full).toFixed(3)),
      toolsAnalysedPerUpdate: analysed / ROUNDS,
      serverPartsPerUpdate: parts / ROUNDS,
      goal: "ratio <= 0.10",
    };
  },
};
