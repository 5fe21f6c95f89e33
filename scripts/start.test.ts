// The launcher's "build when needed" rule: no BUILD_ID, or a source newer than it (tests do not count).
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterEach, beforeEach, expect, test } from "vitest";

import { buildReason } from "./start.mjs";

let root: string;
const BUILT = new Date("2026-01-02T00:00:00Z");
const BEFORE = new Date("2026-01-01T00:00:00Z");
const AFTER = new Date("2026-01-03T00:00:00Z");

function file(path: string, time: Date) {
  const full = join(root, path);
  mkdirSync(join(full, ".."), { recursive: true });
  writeFileSync(full, "x");
  utimesSync(full, time, time);
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "mcp-fleet-start-"));
  file("app/page.tsx", BEFORE);
  file("lib/fleet/manager.ts", BEFORE);
  file("package.json", BEFORE);
  file("next.config.mjs", BEFORE);
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

test("no BUILD_ID in the dist folder: build", () => {
  expect(buildReason(root, ".next-x")).toBe("no build in .next-x");
});

test("nothing newer than BUILD_ID: no build", () => {
  file(".next-x/BUILD_ID", BUILT);
  expect(buildReason(root, ".next-x")).toBeNull();
});

test.each([
  ["lib/fleet/manager.ts", "lib changed since the last build"],
  ["components/table/cell.tsx", "components changed since the last build"],
  ["app/api/fleet/route.ts", "app changed since the last build"],
  ["package.json", "package.json changed since the last build"],
  ["next.config.mjs", "next.config.mjs changed since the last build"],
])("%s newer than BUILD_ID: build", (path, reason) => {
  file(".next-x/BUILD_ID", BUILT);
  file(path, AFTER);
  expect(buildReason(root, ".next-x")).toBe(reason);
});

test.each(["lib/fleet/manager.test.ts", "e2e/api.spec.ts", "lib/node_modules/x.js", "README.md"])(
  "%s newer than BUILD_ID is not part of the build",
  (path) => {
    file(".next-x/BUILD_ID", BUILT);
    file(path, AFTER);
    expect(buildReason(root, ".next-x")).toBeNull();
  },
);
