/**
 * lib/config: read the MCP configs developers already keep (Claude Code, ~/.claude.json, Claude
 * Desktop, Cursor, VS Code, Codex) into ServerConfigs with findings, and redact them for display.
 */
import "server-only";

export { loadConfigs, type LoadConfigsOptions } from "./load-configs";
export { discoverConfigs, describeDiscovery, PROJECT_CONFIG_FILES, type DiscoveredConfigs } from "./discover-configs";
export { parseServerEntry } from "./parse-server-entry";
export { redactServerConfig } from "./redact";
export { parseConfigText, detectFormat, isProjectFile, type ParseConfigOptions, type ParsedConfig } from "./parse-config";
export { projectDirOf, dataDirOf, lockFileOf, isDemoConfig, DATA_DIR_NAME, LOCK_FILE_NAME } from "./paths";
export { formatFinding } from "./format-finding";
export { expandClaude, expandEditor, type Env } from "./expand";
export { SERVER_ID_PATTERN, RESERVED_SERVER_NAMES } from "./entry";
export type * from "./types";
export { workingDirOf, withWorkingDirs, type WorkingDirContext } from "./working-dir";
export { watchConfigFiles, type WatchOptions } from "./watch-configs";
export { keepLastGoodServers, describeReload, type MergedReload, type ReloadChange } from "./reload";
export { PROFILES_FILE_NAME, profilesFileOf, profileLockFileOf, readProfiles, formatProfilesProblem, requireWritable, writeProfiles, findProfile, narrowToProfile, type ProfilesRead } from "./profiles";
export { exportProfile, exportProfileClaude, exportProfileCodex, PROFILE_EXPORT_CLIENTS, type ProfileExport, type ProfileExportClient } from "./profile-export";
