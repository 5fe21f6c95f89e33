/**
 * reconcile10k: the whole reconcile pipeline over 10,000 synthetic tools on 200 servers, against the
 * floor: canonical JSON + Node's native SHA-256 over the same schemas (the fastest correct hash of
 * the input), measured in the same run (goal: ratio <= 2.0). Hashes are native on both sides, as on
 * the server (lib/fleet/native-sha256.ts).
 */
import { installNativeSha256, nativeSha256Hex } from "../../lib/fleet/native-sha256";
import { canonicalJson } from "../../lib/schema/canonical-json";
import { reconcile } from "../../lib/reconcile";
import { syntheticFleet } from "../synthetic-fleet";
import type { Benchmark } from "../types";
import { median } from "../stats";

const ROUNDS = 7;

/** Milliseconds of reconcile() and of the floor over one fleet: medians, rounds alternating so both see the same machine. */
export function timeReconcile(servers: number, toolsPerServer: number, rounds: number): { pipelineMs: number; floorMs: number; tools: number } {
  installNativeSha256();
  const fleet = syntheticFleet({ servers, toolsPerServer });
  const schemas = fleet.flatMap((s) => s.tools.map((t) => (t as { inputSchema: unknown }).inputSchema));
  const floor = () => {
    let last = "";
    for (const schema of schemas) last = nativeSha256Hex(canonicalJson(schema));
    return last;
  };
  // One warm-up each (JIT, the Ajv metaschema compile), then alternate so both see the same machine state.
  reconcile(fleet);
  floor();
  const pipelineMs: number[] = [];
  const floorMs: number[] = [];
  for (let round = 0; round < rounds; round++) {
    let start = performance.now();
    floor();
    floorMs.push(performance.now() - start);
    start = performance.now();
    reconcile(fleet);
    pipelineMs.push(performance.now() - start);
  }
  return { pipelineMs: median(pipelineMs), floorMs: median(floorMs), tools: schemas.length };
}

export const benchmark: Benchmark = {
  name: "reconcile10k",
  async run() {
    const { pipelineMs, floorMs, tools } = timeReconcile(200, 50, ROUNDS);
    const snapshot = reconcile(syntheticFleet({ servers: 200, toolsPerServer: 50 }));
    return {
      tools,
      servers: 200,
      uniqueSchemas: new Set(snapshot.tools.map((t) => t.schemaHash)).size,
      collisions: snapshot.collisions.length,
      flattened: snapshot.tools.filter((t) => t.flattened).length,
      excluded: snapshot.tools.filter((t) => t.excluded).length,
      pipelineMs: Number(pipelineMs.toFixed(1)),
      floorMs: Number(floorMs.toFixed(1)),
      ratio: Number((pipelineMs / floorMs).toFixed(2)),
      goal: "ratio <= 2.0",
    };
  },
};
