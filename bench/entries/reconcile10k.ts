/**
 * reconcile10k: the whole reconcile pipeline over 10,000 synthetic tools on 200 servers, against
 * the floor of canonical JSON + SHA-256 over the same schemas, measured in the same run (goal: ratio <= 2.0).
 */
import { canonicalJson } from "../../lib/schema/canonical-json";
import { sha256Hex } from "../../lib/schema/hash";
import { analyzeSchema, canonicalClaudeTool, fleetHashOf, reconcile, toolHashOfText } from "../../lib/reconcile";
import { syntheticFleet } from "../synthetic-fleet";
import type { Benchmark } from "../types";

const ROUNDS = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export const benchmark: Benchmark = {
  name: "reconcile10k",
  async run() {
    const fleet = syntheticFleet({ servers: 200, toolsPerServer: 50 });
    const schemas = fleet.flatMap((s) => s.tools.map((t) => (t as { inputSchema: unknown }).inputSchema));
    const floor = () => {
      let last = "";
      for (const schema of schemas) last = sha256Hex(canonicalJson(schema));
      return last;
    };
    // One warm-up each (JIT, the Ajv metaschema compile), then alternate so both see the same machine state.
    let snapshot = reconcile(fleet);
    floor();
    const pipelineMs: number[] = [];
    const floorMs: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      let start = performance.now();
      floor();
      floorMs.push(performance.now() - start);
      start = performance.now();
      snapshot = reconcile(fleet);
      pipelineMs.push(performance.now() - start);
    }
    const pipeline = median(pipelineMs);
    const floorMedian = median(floorMs);
    // Where the rest goes: the per-schema checks (once per distinct schema) and the fleet hash alone.
    const distinct = new Map(snapshot.tools.map((t) => [t.schemaHash, t.originalInputSchema]));
    let start = performance.now();
    for (const schema of distinct.values()) analyzeSchema(schema);
    const analysisMs = performance.now() - start;
    const exposed = snapshot.tools.filter((t) => t.exposedName !== null);
    const items = exposed.map((t) => canonicalClaudeTool(t.exposedName!, t.description, canonicalJson(t.inputSchema)));
    start = performance.now();
    fleetHashOf(items.map(toolHashOfText));
    const fleetHashMs = performance.now() - start;
    return {
      tools: schemas.length,
      servers: fleet.length,
      uniqueSchemas: new Set(snapshot.tools.map((t) => t.schemaHash)).size,
      collisions: snapshot.collisions.length,
      flattened: snapshot.tools.filter((t) => t.flattened).length,
      excluded: snapshot.tools.filter((t) => t.excluded).length,
      analysisMs: Number(analysisMs.toFixed(1)),
      fleetHashMs: Number(fleetHashMs.toFixed(1)),
      pipelineMs: Number(pipeline.toFixed(1)),
      floorMs: Number(floorMedian.toFixed(1)),
      ratio: Number((pipeline / floorMedian).toFixed(2)),
      goal: "ratio <= 2.0",
    };
  },
};
