import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";

// lib/permissions runs in the browser too (DESIGN.md "Architecture"): no Node-only or server-only imports.
const here = new URL(".", import.meta.url).pathname;
const sources = readdirSync(here).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));

test.each(sources)("%s imports nothing Node-only", (file) => {
  const imports = [...readFileSync(join(here, file), "utf8").matchAll(/from "([^"]+)"/g)].map((m) => m[1]);
  expect(imports.filter((spec) => !(spec.startsWith("./") || spec.startsWith("@/lib/reconcile/") || spec === "diff"))).toEqual([]);
});
