/**
 * Notices when a config file changes on disk while the dashboard runs. Polls each file's stat
 * (fs.watchFile) rather than watching its folder: editors save by writing a temp file and renaming it
 * over the old one, which an inode watch loses, and a poll also sees a file deleted and created again.
 * A burst of writes (an editor's save, a formatter after it) is one change.
 */
import "server-only";

import { unwatchFile, watchFile, type Stats } from "node:fs";

export interface WatchOptions {
  /** How often each file's stat is read. Default 1 s. */
  intervalMs?: number;
  /** Quiet time after the last change before `onChange` runs. Default 300 ms. */
  settleMs?: number;
}

/** Calls `onChange` with the files that changed (content, or appearing and disappearing); returns the stop function. */
export function watchConfigFiles(files: string[], onChange: (changed: string[]) => void, options: WatchOptions = {}): () => void {
  const intervalMs = options.intervalMs ?? 1_000;
  const settleMs = options.settleMs ?? 300;
  const changed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const listeners = files.map((file) => {
    const listener = (current: Stats, previous: Stats) => {
      const same = current.mtimeMs === previous.mtimeMs && current.size === previous.size && current.ino === previous.ino && current.nlink === previous.nlink;
      if (same) return;
      changed.add(file);
      clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        const batch = [...changed];
        changed.clear();
        onChange(batch);
      }, settleMs);
    };
    watchFile(file, { interval: intervalMs, persistent: false }, listener);
    return { file, listener };
  });
  return () => {
    clearTimeout(timer);
    for (const { file, listener } of listeners) unwatchFile(file, listener);
  };
}
