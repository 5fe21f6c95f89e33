/**
 * Records settled fleet states into the history store and keeps going when the database cannot be
 * written for a while (locked by another process, read-only, a full disk): the states wait in memory,
 * the user is told once what is wrong and where, and they are written, oldest first, as soon as a
 * retry (capped backoff) succeeds. Drift is derived from the last state that made it to disk, so the
 * net change is never lost, even when intermediate states had to be dropped.
 */
import "server-only";

import { describeSqliteError } from "@/lib/history/db";
import type { HistoryStore } from "@/lib/history/store";
import type { FleetSnapshot } from "@/lib/reconcile/types";

export interface RecorderEvents {
  /** The first failure of a streak (not every retry). */
  problem(message: string, file: string): void;
  /** Written again after a problem. */
  recovered(message: string, file: string): void;
}

export interface RecorderOptions {
  baseMs?: number;
  maxMs?: number;
  /** States kept while the database cannot be written; older ones are dropped beyond this. */
  maxPending?: number;
}

export class HistoryRecorder {
  private readonly baseMs: number;
  private readonly maxMs: number;
  private readonly maxPending: number;
  private pending: FleetSnapshot[] = [];
  private dropped = 0;
  private failures = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly store: HistoryStore,
    private readonly events: RecorderEvents,
    options: RecorderOptions = {},
  ) {
    this.baseMs = options.baseMs ?? 1_000;
    this.maxMs = options.maxMs ?? 30_000;
    this.maxPending = options.maxPending ?? 50;
  }

  /** Queues a settled state and writes everything queued, unless a retry is already scheduled. */
  record(snapshot: FleetSnapshot): void {
    if (this.stopped) return;
    this.pending.push(snapshot);
    if (this.pending.length > this.maxPending) {
      this.dropped += this.pending.length - this.maxPending;
      this.pending = this.pending.slice(-this.maxPending);
    }
    if (!this.timer) this.flush();
  }

  /** States waiting to be written. */
  get waiting(): number {
    return this.pending.length;
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private flush(): void {
    while (this.pending.length > 0) {
      try {
        this.store.record(this.pending[0]);
      } catch (error) {
        this.failed(error);
        return;
      }
      this.pending.shift();
    }
    if (this.failures > 0) {
      const dropped = this.dropped > 0 ? ` (${this.dropped} intermediate states were not kept; the drift since the last recorded state is complete)` : "";
      this.events.recovered(`History is recorded again in ${this.store.file}${dropped}.`, this.store.file);
    }
    this.failures = 0;
    this.dropped = 0;
  }

  private failed(error: unknown): void {
    this.failures += 1;
    const delay = Math.min(this.baseMs * 2 ** (this.failures - 1), this.maxMs);
    if (this.failures === 1) {
      this.events.problem(
        `Drift is not being recorded: ${describeSqliteError(error, this.store.file)}. The fleet keeps running; the changes wait in memory and are written once it works again (retrying, at least every ${Math.round(this.maxMs / 1000)} s).`,
        this.store.file,
      );
    }
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (!this.stopped) this.flush();
    }, delay);
    this.timer.unref?.();
  }
}
