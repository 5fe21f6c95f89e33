/**
 * `npm run bench [-- --json] [-- --only <name>]`: runs every `bench/entries/*.ts` (each exports
 * `benchmark: { name, run() }`) one after another and prints its figures; with --json the last
 * stdout line is one JSON object keyed by benchmark name. Speed goals live here, never in tests.
 */
import { readdirSync } from "node:fs";
import Module from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { join } from "node:path";

import type { Benchmark } from "./types";

interface Options {
  json: boolean;
  only: string[];
}

function parseArgs(argv: string[]): Options {
  const options: Options = { json: false, only: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--json") options.json = true;
    else if (arg === "--only") {
      const name = argv[++i];
      if (!name) throw new Error("--only needs a benchmark name");
      options.only.push(name);
    } else if (arg.startsWith("--only=")) options.only.push(arg.slice("--only=".length));
    else throw new Error(`unknown argument ${JSON.stringify(arg)} (use --json, --only <name>)`);
  }
  return options;
}

/**
 * Under `--import tsx` our .ts files run as CommonJS, and tsx then recompiles ESM-only packages
 * (@noble/hashes) to CommonJS with getter-based exports: SHA-256 ran about 10x slower than when
 * Next, Vite or a browser load it. Load those packages natively once and hand the same instance to
 * require(), so the benchmark measures our code, not the loader.
 */
async function preloadNativeEsm(specifiers: string[]): Promise<void> {
  if (typeof require !== "function") return; // already ESM: nothing is recompiled
  const cache = (Module as unknown as { _cache: Record<string, unknown> })._cache;
  for (const specifier of specifiers) {
    const file = require.resolve(specifier);
    if (cache[file]) continue;
    const namespace = await import(specifier);
    const module = new Module(file);
    module.filename = file;
    module.loaded = true;
    module.exports = namespace;
    cache[file] = module;
  }
}

function format(value: number | string): string {
  return typeof value === "number" && !Number.isInteger(value) ? value.toFixed(value < 10 ? 3 : 1) : String(value);
}

async function main(): Promise<number> {
  let options: Options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`bench: ${(error as Error).message}\n`);
    return 2;
  }
  await preloadNativeEsm(["@noble/hashes/sha2.js", "@noble/hashes/utils.js"]);
  const dir = join(fileURLToPath(new URL(".", import.meta.url)), "entries");
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
    .sort();
  const results: Record<string, Record<string, number | string>> = {};
  let failed = false;
  for (const file of files) {
    let benchmark: Benchmark | undefined;
    try {
      benchmark = ((await import(pathToFileURL(join(dir, file)).href)) as { benchmark?: Benchmark }).benchmark;
    } catch (error) {
      process.stderr.write(`bench: ${file} could not be loaded: ${(error as Error).message}\n`);
      failed = true;
      continue;
    }
    if (!benchmark) {
      process.stderr.write(`bench: ${file} exports no \`benchmark\`\n`);
      failed = true;
      continue;
    }
    if (options.only.length > 0 && !options.only.includes(benchmark.name)) continue;
    try {
      const figures = await benchmark.run();
      results[benchmark.name] = figures;
      process.stdout.write(`${benchmark.name}: ${Object.entries(figures).map(([k, v]) => `${k}=${format(v)}`).join("  ")}\n`);
    } catch (error) {
      failed = true;
      results[benchmark.name] = { error: (error as Error).message };
      process.stderr.write(`bench: ${benchmark.name} failed: ${(error as Error).message}\n`);
    }
  }
  for (const name of options.only) {
    if (!(name in results)) {
      process.stderr.write(`bench: no benchmark named ${JSON.stringify(name)}\n`);
      failed = true;
    }
  }
  if (options.json) process.stdout.write(JSON.stringify(results) + "\n");
  return failed ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
