// The CLI build's "build when needed" rule: no manifest, or a file it was built from newer than the build or gone.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterEach, beforeEach, expect, test } from "vitest";

import { cliBuildReason } from "./build-cli.mjs";

let root: string;
const BUILT = new Date("2026-01-02T00:00:00Z");
const BEFORE = new Date("2026-01-01T00:00:00Z");
const AFTER = new Date("2026-01-03T00:00:00Z");

function file(path: string, time: Date, content = "x") {
  const full = join(root, path);
  mkdirSync(join(full, ".."), { recursive: true });
  writeFileSync(full, content);
  utimesSync(full, time, time);
}

function manifest(inputs: string[]) {
  file("out/manifest.json", BUILT, JSON.stringify({ builtAt: BUILT.getTime(), inputs }));
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "mcp-fleet-build-cli-"));
  for (const path of ["lib/cli/main.ts", "lib/config/paths.ts", "package.json", "package-lock.json"]) file(path, BEFORE);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

test("no build yet: build", () => {
  expect(cliBuildReason(root, join(root, "out"))).toBe("no build in out");
});

test("a manifest that is not the build's: build", () => {
  file("out/manifest.json", BUILT, "{}");
  expect(cliBuildReason(root, join(root, "out"))).toBe("the last build left no usable manifest");
});

test("every input older than the build: no build", () => {
  manifest(["lib/cli/main.ts", "lib/config/paths.ts", "package.json", "package-lock.json"]);
  expect(cliBuildReason(root, join(root, "out"))).toBeNull();
});

test.each([
  ["lib/config/paths.ts", "lib/config/paths.ts changed since the last build"],
  ["package-lock.json", "package-lock.json changed since the last build"],
])("%s newer than the build: build", (path, reason) => {
  manifest(["lib/cli/main.ts", "lib/config/paths.ts", "package.json", "package-lock.json"]);
  file(path, AFTER);
  expect(cliBuildReason(root, join(root, "out"))).toBe(reason);
});

test("an input removed since the build: build", () => {
  manifest(["lib/cli/main.ts", "lib/cli/gone.ts"]);
  expect(cliBuildReason(root, join(root, "out"))).toBe("lib/cli/gone.ts is gone since the last build");
});

test("a file the build never read does not count", () => {
  manifest(["lib/cli/main.ts"]);
  file("lib/history/store.test.ts", AFTER);
  file("app/page.tsx", AFTER);
  expect(cliBuildReason(root, join(root, "out"))).toBeNull();
});
