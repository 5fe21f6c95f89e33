/**
 * What every page loads stays light: the root layout (the store, the nav) and the tools page, followed
 * through their value imports (a type-only import loads nothing), never reach the reconciler, the client
 * views, the fleet model, Ajv, or the settings-file parser and diff maker of the permissions page: hundreds
 * of kilobytes of script a browser would evaluate before the first rows, for pages that only name the
 * clients (lib/clients/choices.ts) and read the index.
 */
import { join, relative } from "node:path";
import { expect, test } from "vitest";
import { followImports, REPO_ROOT as root } from "./import-graph.test-util";

/** Specifiers of the imports and re-exports that load a module (not `import type` / `export type`). */
function valueImportsOf(source: string): string[] {
  const specifiers: string[] = [];
  for (const match of source.matchAll(/\b(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?["']([^"']+)["']/g)) {
    if (match[2] === undefined) specifiers.push(match[3]);
  }
  for (const match of source.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) specifiers.push(match[1]);
  return specifiers;
}

/** Every chain from `start` to a file or package that `heavy` names. */
function heavyChains(start: string, heavy: (name: string) => boolean): string[] {
  const found: string[] = [];
  followImports(start, valueImportsOf, (chain, specifier, local) => {
    const name = local === null ? specifier : relative(root, local);
    if (!heavy(name)) return true;
    found.push(`${chain.join(" -> ")} -> ${name}`);
    return false;
  });
  return found;
}

const HEAVY = (name: string) =>
  name === "ajv" ||
  name === "jsonc-parser" ||
  name === "diff" ||
  name.startsWith("ajv/") ||
  name.startsWith("lib/reconcile/reconcile.") ||
  name.startsWith("lib/clients/fleet-model.") ||
  name.startsWith("lib/clients/client-view.") ||
  /^lib\/clients\/(claude-code|codex|agent-sdk)\.ts$/.test(name);

test.each(["app/layout.tsx", "app/tools/page.tsx"])("%s loads no reconciler, client view, Ajv, settings parser or diff maker", (entry) => {
  expect(heavyChains(join(root, entry), HEAVY)).toEqual([]);
});

test("the scan follows value imports and re-exports, not type-only ones, and sees the heavy modules", () => {
  const source = 'import type { A } from "./a";\nimport { b, type C } from "./b";\nexport type { D } from "./d";\nexport { e } from "./e";\nimport "./f";\nconst g = import("./g");';
  expect(valueImportsOf(source)).toEqual(["./b", "./e", "./f", "./g"]);
  // The barrel does reach them: the scan would catch a page importing it.
  expect(heavyChains(join(root, "lib/clients/index.ts"), HEAVY).length).toBeGreaterThan(0);
});
