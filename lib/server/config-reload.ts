/**
 * The running dashboard follows its config files: when one changes on disk it is read again, the
 * fleet is brought in line server by server (added, removed, restarted; servers added in the
 * dashboard stay), and the user gets one notice saying what changed.
 */
import "server-only";

import { describeReload, keepLastGoodServers, loadConfigs, watchConfigFiles, type LoadConfigsOptions, type LoadedConfig } from "@/lib/config";
import type { FleetManager } from "@/lib/fleet/manager";
import { logServerError, rememberSecrets } from "./log";

export interface ConfigFollower {
  /** The config as last applied. */
  current(): LoadedConfig;
  /** Re-reads now (the watcher calls this); resolves when the fleet has been brought in line. */
  reload(changed: string[]): Promise<void>;
  stop(): void;
}

export function followConfigFiles(
  manager: FleetManager,
  initial: LoadedConfig,
  paths: string[],
  options: LoadConfigsOptions,
  watch: { intervalMs?: number; settleMs?: number } = {},
): ConfigFollower {
  let current = initial;
  // One reload at a time; a change during one is read by the next.
  let chain: Promise<void> = Promise.resolve();
  const reload = (changed: string[]): Promise<void> => {
    chain = chain.then(async () => {
      if (manager.isClosed) return;
      try {
        const { loaded, kept } = keepLastGoodServers(current, await loadConfigs(paths, options));
        for (const server of loaded.servers) rememberSecrets(server);
        const change = await manager.applyConfig(loaded);
        current = loaded;
        manager.notify({ tone: kept.length ? "bad" : "good", code: "config:reloaded", message: describeReload(changed, change, kept), file: changed[0] });
      } catch (error) {
        logServerError("config reload", error);
      }
    });
    return chain;
  };
  const stop = watchConfigFiles(initial.files, (changed) => void reload(changed), watch);
  return { current: () => current, reload, stop };
}
