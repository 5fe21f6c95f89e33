/**
 * reconcile100k: reconcile() over 100,000 synthetic tools (2,000 servers, 50 tools each) against the
 * same pipeline at 10,000 tools (200 servers) in the same run: `ratio` = 100k / 10k (linear is 10),
 * with each size's floor (canonical JSON + native SHA-256) beside it.
 */
import { timeReconcile } from "./reconcile10k";
import type { Benchmark } from "../types";

export const benchmark: Benchmark = {
  name: "reconcile100k",
  async run() {
    const small = timeReconcile(200, 50, 5);
    const large = timeReconcile(2_000, 50, 3);
    return {
      tools: large.tools,
      pipelineMs: Math.round(large.pipelineMs),
      floorMs: Math.round(large.floorMs),
      pipeline10kMs: Math.round(small.pipelineMs),
      ratio: Number((large.pipelineMs / small.pipelineMs).toFixed(2)),
      floorRatio: Number((large.floorMs / small.floorMs).toFixed(2)),
      linear: 10,
    };
  },
};
