/**
 * The committed fixture fleets, resolved without I/O: every fleet file and every spec it names is a
 * static JSON import (so unit tests, the capture harness and the browser read the same bytes). Add a new
 * fleet or spec here; registry.test.ts fails when a file on disk is missing from these tables.
 */
import { resolveFleet, type Fleet, type FleetFile } from "./fleet-format";
import twoServers from "./fleets/two-servers.json";
import e2eBasic from "../../../e2e/fixtures/basic.json";
import e2eThreePages from "../../../e2e/fixtures/three-pages.json";

export type { Fleet, FleetServer, RawTool, ClientName } from "./fleet-format";

/** Fleet files by name (the file name without `.json`). */
export const FLEET_FILES: Readonly<Record<string, FleetFile>> = {
  "two-servers": twoServers as FleetFile,
};

/** Parsed raw-server specs by repository-relative path. */
export const SPECS: Readonly<Record<string, unknown>> = {
  "e2e/fixtures/basic.json": e2eBasic,
  "e2e/fixtures/three-pages.json": e2eThreePages,
};

export const FLEET_NAMES: readonly string[] = Object.keys(FLEET_FILES).sort();

/** One fleet with each server's id, label, raw pages and tools, and the client settings. */
export function loadFleet(name: string): Fleet {
  const file = FLEET_FILES[name];
  if (!file) throw new Error(`no fixture fleet "${name}" (known: ${FLEET_NAMES.join(", ")})`);
  return resolveFleet(name, file, SPECS);
}
