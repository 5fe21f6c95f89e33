/** What every `bench/entries/*.ts` exports as `benchmark` (see bench/run.ts). */
export interface Benchmark {
  name: string;
  /** Figures to print, e.g. `{ pipelineMs, floorMs, ratio }`. */
  run(): Promise<Record<string, number | string>>;
}
