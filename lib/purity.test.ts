/**
 * The pure core runs in the browser too (docs/architecture.md): following every import of its files,
 * transitively, reaches no Node-only module and no file outside the core (the core imports nothing
 * above it: no config, fleet, history, server, store, CLI, component or page).
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import { join, relative } from "node:path";
import { expect, test } from "vitest";
import { followImports, REPO_ROOT as root } from "./import-graph.test-util";

/** The pure rooms (lib/dispatch, the dispatcher, above the others); lib/json (the JSON toolkit) and lib/text (counts in words) are shared by them, pure as well. */
const PURE_DIRS = ["lib/schema", "lib/reconcile", "lib/permissions", "lib/clients", "lib/cost", "lib/profiles", "lib/bundle", "lib/dispatch", "lib/json", "lib/text"].filter((dir) => existsSync(join(root, dir)));
const FORBIDDEN = new Set(["server-only", "better-sqlite3", "next", "react-dom/server", ...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return name.startsWith("__") ? [] : sourceFiles(full);
    return /\.(ts|tsx|mts|js|mjs)$/.test(name) && !/\.test\.(ts|tsx)$/.test(name) && !/\.test-util\.ts$/.test(name) ? [full] : [];
  });
}

export function importsOf(source: string): string[] {
  const specifiers: string[] = [];
  const patterns = [/\bfrom\s+["']([^"']+)["']/g, /\bimport\s+["']([^"']+)["']/g, /\bimport\(\s*["']([^"']+)["']\s*\)/g, /\brequire\(\s*["']([^"']+)["']\s*\)/g];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) specifiers.push(match[1]);
  return specifiers;
}

const isPure = (file: string) => PURE_DIRS.some((dir) => relative(join(root, dir), file).split("/")[0] !== "..");

/** Every problem on the way from `start`, following local imports: Node-only packages and files outside the core. */
function problemsFrom(start: string): string[] {
  const problems: string[] = [];
  followImports(start, importsOf, (chain, specifier, local) => {
    if (local === null) {
      if (FORBIDDEN.has(specifier) || FORBIDDEN.has(specifier.split("/")[0])) problems.push(`${chain.join(" -> ")} imports ${specifier}`);
      return false;
    }
    if (isPure(local)) return true;
    problems.push(`${chain.join(" -> ")} imports ${relative(root, local)}, outside the pure core`);
    return false;
  });
  return problems;
}

const files = PURE_DIRS.flatMap((dir) => sourceFiles(join(root, dir)));

test("the pure core has files to check", () => {
  for (const dir of ["lib/schema/", "lib/reconcile/", "lib/permissions/", "lib/clients/", "lib/cost/", "lib/profiles/", "lib/dispatch/", "lib/json/"]) expect(files.some((f) => f.includes(dir))).toBe(true);
});

test.each(files.map((f) => [relative(root, f), f]))("%s reaches nothing Node-only and nothing above the core", (_name, file) => {
  expect(problemsFrom(file)).toEqual([]);
});

test("the import scan catches what it should", () => {
  const found = importsOf('import fs from "node:fs";\nimport "server-only";\nconst x = require("child_process");\nimport type { A } from "@/lib/fleet/types";');
  expect(found).toEqual(["node:fs", "@/lib/fleet/types", "server-only", "child_process"]);
  expect(found.filter((s) => FORBIDDEN.has(s))).toEqual(["node:fs", "server-only", "child_process"]);
  expect(isPure(join(root, "lib/fleet/types.ts"))).toBe(false);
  expect(isPure(join(root, "lib/schema/hash.ts"))).toBe(true);
});
