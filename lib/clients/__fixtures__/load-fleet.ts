/**
 * The committed fixture fleets, resolved without I/O: every fleet file and every spec it names is a
 * static JSON import, so unit tests, the capture harness and the browser read the same bytes. Add a new
 * fleet or spec to these tables; registry.test.ts fails when a file on disk is missing from them.
 */
import { resolveFleet, type Fleet, type FleetFile } from "./fleet-format";
import fleetAlwaysLoad from "./fleets/always-load.json";
import fleetBadRoot from "./fleets/bad-root.json";
import fleetClaudePermissions from "./fleets/claude-permissions.json";
import fleetCodexSettings from "./fleets/codex-settings.json";
import fleetDemo from "./fleets/demo.json";
import fleetDescriptionLimit from "./fleets/description-limit.json";
import fleetDescriptions from "./fleets/descriptions.json";
import fleetFaults from "./fleets/faults.json";
import fleetFlatten from "./fleets/flatten.json";
import fleetOrder from "./fleets/order.json";
import fleetPropertyNames from "./fleets/property-names.json";
import fleetSanitize from "./fleets/sanitize.json";
import fleetSchemaDialects from "./fleets/schema-dialects.json";
import fleetSchemaKeywords from "./fleets/schema-keywords.json";
import fleetTwoServers from "./fleets/two-servers.json";
import specE2eFixturesBasic from "../../../e2e/fixtures/basic.json";
import specE2eFixturesThreePages from "../../../e2e/fixtures/three-pages.json";
import specAlwaysLoadPlain from "./servers/always-load-plain.json";
import specAlwaysLoad from "./servers/always-load.json";
import specBadRootAnyof from "./servers/bad-root-anyof.json";
import specBadRootArray from "./servers/bad-root-array.json";
import specBadRootMissing from "./servers/bad-root-missing.json";
import specBadRootNoType from "./servers/bad-root-no-type.json";
import specBadRootNull from "./servers/bad-root-null.json";
import specClean from "./servers/clean.json";
import specCodexAllOff from "./servers/codex-all-off.json";
import specCodexApprovals from "./servers/codex-approvals.json";
import specCodexBoth from "./servers/codex-both.json";
import specCodexDisabled from "./servers/codex-disabled.json";
import specCodexDotted from "./servers/codex-dotted.json";
import specCodexEnabled from "./servers/codex-enabled.json";
import specCodexNoMode from "./servers/codex-no-mode.json";
import specCodexOff from "./servers/codex-off.json";
import specCodexPlain from "./servers/codex-plain.json";
import specCodexToolOff from "./servers/codex-tool-off.json";
import specDescriptionLimit from "./servers/description-limit.json";
import specDescriptions from "./servers/descriptions.json";
import specFaultExits from "./servers/fault-exits.json";
import specFaultGarbage from "./servers/fault-garbage.json";
import specFaultHangs from "./servers/fault-hangs.json";
import specFaultHealthy from "./servers/fault-healthy.json";
import specFaultSlow from "./servers/fault-slow.json";
import specFlattenCombos from "./servers/flatten-combos.json";
import specFlattenConflicts from "./servers/flatten-conflicts.json";
import specFlattenFallback from "./servers/flatten-fallback.json";
import specFlattenKeywords from "./servers/flatten-keywords.json";
import specFlattenNonObject from "./servers/flatten-non-object.json";
import specFlattenRefs from "./servers/flatten-refs.json";
import specOrderAlpha from "./servers/order-alpha.json";
import specOrderMid from "./servers/order-mid.json";
import specOrderZeta from "./servers/order-zeta.json";
import specPermAcme from "./servers/perm-acme.json";
import specPermAsk from "./servers/perm-ask.json";
import specPermFs from "./servers/perm-fs.json";
import specPermGone from "./servers/perm-gone.json";
import specPermProj from "./servers/perm-proj.json";
import specPermStar from "./servers/perm-star.json";
import specPermWiki from "./servers/perm-wiki.json";
import specPropertyNamesSdkStrict from "./servers/property-names-sdk-strict.json";
import specPropertyNames from "./servers/property-names.json";
import specSanitizeAcme from "./servers/sanitize-acme.json";
import specSanitizeDoubleUnderscore from "./servers/sanitize-double-underscore.json";
import specSanitizeFs from "./servers/sanitize-fs.json";
import specSanitizeLong from "./servers/sanitize-long.json";
import specSchemaDialects from "./servers/schema-dialects.json";
import specSchemaKeywords2 from "./servers/schema-keywords-2.json";
import specSchemaKeywords from "./servers/schema-keywords.json";
import specTwinA from "./servers/twin-a.json";
import specTwinB from "./servers/twin-b.json";
import specLibDemoServersChat from "../../demo/servers/chat.json";
import specLibDemoServersDocs from "../../demo/servers/docs.json";
import specLibDemoServersGithost from "../../demo/servers/githost.json";
import specLibDemoServersTracker from "../../demo/servers/tracker.json";
import specLibDemoServersWeb from "../../demo/servers/web.json";
import specLibDemoServersWiki from "../../demo/servers/wiki.json";

export type { ClaudeCodePermissions, ClientName, CodexServerSettings, Fleet, FleetServer, RawTool } from "./fleet-format";

/** Fleet files by name (the file name without `.json`). */
export const FLEET_FILES: Readonly<Record<string, FleetFile>> = {
  "always-load": fleetAlwaysLoad as FleetFile,
  "bad-root": fleetBadRoot as FleetFile,
  "claude-permissions": fleetClaudePermissions as FleetFile,
  "codex-settings": fleetCodexSettings as FleetFile,
  "demo": fleetDemo as FleetFile,
  "description-limit": fleetDescriptionLimit as FleetFile,
  "descriptions": fleetDescriptions as FleetFile,
  "faults": fleetFaults as FleetFile,
  "flatten": fleetFlatten as FleetFile,
  "order": fleetOrder as FleetFile,
  "property-names": fleetPropertyNames as FleetFile,
  "sanitize": fleetSanitize as FleetFile,
  "schema-dialects": fleetSchemaDialects as FleetFile,
  "schema-keywords": fleetSchemaKeywords as FleetFile,
  "two-servers": fleetTwoServers as FleetFile,
};

/** Parsed raw-server specs by repository-relative path. */
export const SPECS: Readonly<Record<string, unknown>> = {
  "e2e/fixtures/basic.json": specE2eFixturesBasic,
  "e2e/fixtures/three-pages.json": specE2eFixturesThreePages,
  "lib/clients/__fixtures__/servers/always-load-plain.json": specAlwaysLoadPlain,
  "lib/clients/__fixtures__/servers/always-load.json": specAlwaysLoad,
  "lib/clients/__fixtures__/servers/bad-root-anyof.json": specBadRootAnyof,
  "lib/clients/__fixtures__/servers/bad-root-array.json": specBadRootArray,
  "lib/clients/__fixtures__/servers/bad-root-missing.json": specBadRootMissing,
  "lib/clients/__fixtures__/servers/bad-root-no-type.json": specBadRootNoType,
  "lib/clients/__fixtures__/servers/bad-root-null.json": specBadRootNull,
  "lib/clients/__fixtures__/servers/clean.json": specClean,
  "lib/clients/__fixtures__/servers/codex-all-off.json": specCodexAllOff,
  "lib/clients/__fixtures__/servers/codex-approvals.json": specCodexApprovals,
  "lib/clients/__fixtures__/servers/codex-both.json": specCodexBoth,
  "lib/clients/__fixtures__/servers/codex-disabled.json": specCodexDisabled,
  "lib/clients/__fixtures__/servers/codex-dotted.json": specCodexDotted,
  "lib/clients/__fixtures__/servers/codex-enabled.json": specCodexEnabled,
  "lib/clients/__fixtures__/servers/codex-no-mode.json": specCodexNoMode,
  "lib/clients/__fixtures__/servers/codex-off.json": specCodexOff,
  "lib/clients/__fixtures__/servers/codex-plain.json": specCodexPlain,
  "lib/clients/__fixtures__/servers/codex-tool-off.json": specCodexToolOff,
  "lib/clients/__fixtures__/servers/description-limit.json": specDescriptionLimit,
  "lib/clients/__fixtures__/servers/descriptions.json": specDescriptions,
  "lib/clients/__fixtures__/servers/fault-exits.json": specFaultExits,
  "lib/clients/__fixtures__/servers/fault-garbage.json": specFaultGarbage,
  "lib/clients/__fixtures__/servers/fault-hangs.json": specFaultHangs,
  "lib/clients/__fixtures__/servers/fault-healthy.json": specFaultHealthy,
  "lib/clients/__fixtures__/servers/fault-slow.json": specFaultSlow,
  "lib/clients/__fixtures__/servers/flatten-combos.json": specFlattenCombos,
  "lib/clients/__fixtures__/servers/flatten-conflicts.json": specFlattenConflicts,
  "lib/clients/__fixtures__/servers/flatten-fallback.json": specFlattenFallback,
  "lib/clients/__fixtures__/servers/flatten-keywords.json": specFlattenKeywords,
  "lib/clients/__fixtures__/servers/flatten-non-object.json": specFlattenNonObject,
  "lib/clients/__fixtures__/servers/flatten-refs.json": specFlattenRefs,
  "lib/clients/__fixtures__/servers/order-alpha.json": specOrderAlpha,
  "lib/clients/__fixtures__/servers/order-mid.json": specOrderMid,
  "lib/clients/__fixtures__/servers/order-zeta.json": specOrderZeta,
  "lib/clients/__fixtures__/servers/perm-acme.json": specPermAcme,
  "lib/clients/__fixtures__/servers/perm-ask.json": specPermAsk,
  "lib/clients/__fixtures__/servers/perm-fs.json": specPermFs,
  "lib/clients/__fixtures__/servers/perm-gone.json": specPermGone,
  "lib/clients/__fixtures__/servers/perm-proj.json": specPermProj,
  "lib/clients/__fixtures__/servers/perm-star.json": specPermStar,
  "lib/clients/__fixtures__/servers/perm-wiki.json": specPermWiki,
  "lib/clients/__fixtures__/servers/property-names-sdk-strict.json": specPropertyNamesSdkStrict,
  "lib/clients/__fixtures__/servers/property-names.json": specPropertyNames,
  "lib/clients/__fixtures__/servers/sanitize-acme.json": specSanitizeAcme,
  "lib/clients/__fixtures__/servers/sanitize-double-underscore.json": specSanitizeDoubleUnderscore,
  "lib/clients/__fixtures__/servers/sanitize-fs.json": specSanitizeFs,
  "lib/clients/__fixtures__/servers/sanitize-long.json": specSanitizeLong,
  "lib/clients/__fixtures__/servers/schema-dialects.json": specSchemaDialects,
  "lib/clients/__fixtures__/servers/schema-keywords-2.json": specSchemaKeywords2,
  "lib/clients/__fixtures__/servers/schema-keywords.json": specSchemaKeywords,
  "lib/clients/__fixtures__/servers/twin-a.json": specTwinA,
  "lib/clients/__fixtures__/servers/twin-b.json": specTwinB,
  "lib/demo/servers/chat.json": specLibDemoServersChat,
  "lib/demo/servers/docs.json": specLibDemoServersDocs,
  "lib/demo/servers/githost.json": specLibDemoServersGithost,
  "lib/demo/servers/tracker.json": specLibDemoServersTracker,
  "lib/demo/servers/web.json": specLibDemoServersWeb,
  "lib/demo/servers/wiki.json": specLibDemoServersWiki,
};

export const FLEET_NAMES: readonly string[] = Object.keys(FLEET_FILES).sort();

/** One fleet: each server's id, label, raw pages and tools (all pages in order), and the client settings. */
export function loadFleet(name: string): Fleet {
  const file = FLEET_FILES[name];
  if (!file) throw new Error(`no fixture fleet "${name}" (known: ${FLEET_NAMES.join(", ")})`);
  return resolveFleet(name, file, SPECS);
}
