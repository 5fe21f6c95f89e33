// The CLI, built once: lib/cli (and the config discovery the launcher shares) bundled by esbuild (installed
// with tsx) into build/cli, and built again only when a file it was built from changed, so `mcp-fleet`
// starts without compiling TypeScript on every call, as start.mjs builds Next only when sources changed.
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const CLI_BUILD_DIR = join("build", "cli");
const MANIFEST = "manifest.json";
/** The modules plain-JS callers import: the bin (run-cli) and the launcher (discover-configs). */
const ENTRIES = { "run-cli": "lib/cli/run-cli.ts", "discover-configs": "lib/config/discover-configs.ts" };
/** Besides the sources esbuild read: what changes how they are bundled. */
const BUILD_FILES = ["package.json", "package-lock.json", "tsconfig.json", "scripts/build-cli.mjs"];
/** A lock older than this was left by a build that died. */
const STALE_LOCK_MS = 120_000;

/** Why the CLI must be built, or null when the build in `outDir` is current. */
export function cliBuildReason(root = ROOT, outDir = join(root, CLI_BUILD_DIR)) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(outDir, MANIFEST), "utf8"));
  } catch {
    return `no build in ${relative(root, outDir) || outDir}`;
  }
  if (!Array.isArray(manifest.inputs) || typeof manifest.builtAt !== "number") return "the last build left no usable manifest";
  for (const file of manifest.inputs) {
    let mtime;
    try {
      mtime = statSync(join(root, file)).mtimeMs;
    } catch {
      return `${file} is gone since the last build`;
    }
    if (mtime > manifest.builtAt) return `${file} changed since the last build`;
  }
  return null;
}

function loadEsbuild(root) {
  const fromRoot = createRequire(join(root, "package.json"));
  try {
    return fromRoot("esbuild");
  } catch {
    // Not hoisted: take the copy tsx depends on.
    return createRequire(fromRoot.resolve("tsx/package.json"))("esbuild");
  }
}

async function build(root, outDir) {
  const esbuild = loadEsbuild(root);
  // Taken before esbuild reads anything: a file saved during the build is newer, so the next call rebuilds.
  const builtAt = Date.now();
  const temp = `${outDir}.tmp-${process.pid}`;
  rmSync(temp, { recursive: true, force: true });
  let result;
  try {
    result = await esbuild.build({
      absWorkingDir: root,
      entryPoints: ENTRIES,
      outdir: temp,
      bundle: true,
      // Each command is its own chunk: `reconcile` never loads the MCP SDK, `snapshot` never loads SQLite.
      splitting: true,
      format: "esm",
      platform: "node",
      target: "node20",
      // As Next resolves server modules (`server-only` is empty there); ESM builds first (jsonc-parser's UMD build requires dynamically).
      conditions: ["react-server"],
      mainFields: ["module", "main"],
      // A native addon: loaded from node_modules when used.
      external: ["better-sqlite3"],
      outExtension: { ".js": ".mjs" },
      // Bundled CommonJS packages call require() for Node's own modules.
      banner: { js: 'import { createRequire as __mcpFleetRequire } from "node:module"; const require = __mcpFleetRequire(import.meta.url);' },
      legalComments: "none",
      metafile: true,
      logLevel: "silent",
    });
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    const lines = (error.errors ?? []).map((e) => `${e.location ? `${e.location.file}:${e.location.line}:${e.location.column}: ` : ""}${e.text}`);
    throw new Error(`the CLI build failed${lines.length ? `:\n${lines.join("\n")}` : `: ${error.message}`}`);
  }
  const sources = Object.keys(result.metafile.inputs).filter((file) => !file.startsWith("node_modules/"));
  const inputs = [...new Set([...sources, ...BUILD_FILES])].sort();
  writeFileSync(join(temp, MANIFEST), `${JSON.stringify({ builtAt, inputs }, null, 2)}\n`);
  rmSync(outDir, { recursive: true, force: true });
  renameSync(temp, outDir);
}

async function withLock(lockDir, body) {
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
      try {
        if (Date.now() - statSync(lockDir).mtimeMs > STALE_LOCK_MS) rmSync(lockDir, { recursive: true, force: true });
      } catch {
        // released meanwhile
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await body();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

/**
 * The folder of a current CLI build, building it first when needed (one builder at a time; the others
 * wait and use its result). `log` hears why a build runs (stderr: stdout is for a command's answer).
 */
export async function ensureCliBuild({ root = ROOT, outDir = join(root, CLI_BUILD_DIR), log = (line) => process.stderr.write(`${line}\n`) } = {}) {
  if (cliBuildReason(root, outDir) === null) return outDir;
  mkdirSync(dirname(outDir), { recursive: true });
  await withLock(`${outDir}.lock`, async () => {
    const reason = cliBuildReason(root, outDir);
    if (reason === null) return;
    log(`Building the mcp-fleet CLI (${reason})...`);
    await build(root, outDir);
  });
  return outDir;
}
