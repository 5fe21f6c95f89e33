/** The pure core runs in the browser: no Node-only module may sneak into it (house rules). */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const PURE_DIRS = ["lib/schema", "lib/reconcile", "lib/permissions"];
const FORBIDDEN = /^(node:.*|fs|fs\/promises|path|child_process|better-sqlite3|server-only|os|crypto|url|module)$/;

function sourceFiles(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts|js|mjs)$/.test(name) && !/\.test\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

function importsOf(source: string): string[] {
  const specifiers: string[] = [];
  const patterns = [/\bfrom\s+["']([^"']+)["']/g, /\bimport\s+["']([^"']+)["']/g, /\bimport\(\s*["']([^"']+)["']\s*\)/g, /\brequire\(\s*["']([^"']+)["']\s*\)/g];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) specifiers.push(match[1]);
  return specifiers;
}

const files = PURE_DIRS.flatMap((dir) => sourceFiles(join(root, dir)));

test("the pure core has files to check", () => {
  expect(files.some((f) => f.includes("lib/reconcile/"))).toBe(true);
  expect(files.some((f) => f.includes("lib/schema/"))).toBe(true);
});

test.each(files.map((f) => [relative(root, f), f]))("%s imports nothing Node-only", (_name, file) => {
  const bad = importsOf(readFileSync(file, "utf8")).filter((s) => FORBIDDEN.test(s));
  expect(bad).toEqual([]);
});

test("the import scan catches what it should", () => {
  expect(importsOf('import fs from "node:fs";\nimport "server-only";\nconst x = require("child_process");').filter((s) => FORBIDDEN.test(s))).toEqual([
    "node:fs",
    "server-only",
    "child_process",
  ]);
});
