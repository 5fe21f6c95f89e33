/**
 * The calls of this session, in memory only (arguments may hold secrets: nothing goes to disk, the
 * history database included), newest first, bounded per tool and in all, so a dashboard left open for a
 * week keeps its size. A running call is never dropped to make room.
 */
import type { CallRecord } from "./types";

export const MAX_CALLS_PER_TOOL = 20;
export const MAX_CALLS = 200;

const toolOf = (r: Pick<CallRecord, "serverId" | "toolName">) => `${r.serverId ?? ""}\u0000${r.toolName ?? ""}`;

export class CallLog {
  /** Newest first. */
  private records: CallRecord[] = [];

  constructor(
    private readonly perTool = MAX_CALLS_PER_TOOL,
    private readonly total = MAX_CALLS,
  ) {}

  /** Adds a new call, or replaces the record with the same id (a running call that ended). */
  put(record: CallRecord): void {
    const at = this.records.findIndex((r) => r.id === record.id);
    if (at >= 0) {
      this.records[at] = record;
      return;
    }
    this.records.unshift(record);
    this.trim();
  }

  has(id: string): boolean {
    return this.records.some((r) => r.id === id);
  }

  get(id: string): CallRecord | undefined {
    return this.records.find((r) => r.id === id);
  }

  /** Newest first; with a tool, that tool's calls only (by server and original name). */
  list(filter: { serverId?: string; toolName?: string } = {}): CallRecord[] {
    return this.records.filter((r) => (filter.serverId === undefined || r.serverId === filter.serverId) && (filter.toolName === undefined || r.toolName === filter.toolName));
  }

  get size(): number {
    return this.records.length;
  }

  private trim(): void {
    const perTool = new Map<string, number>();
    const kept: CallRecord[] = [];
    for (const record of this.records) {
      const key = toolOf(record);
      const n = (perTool.get(key) ?? 0) + 1;
      perTool.set(key, n);
      if (record.status === "running" || n <= this.perTool) kept.push(record);
    }
    // Oldest finished calls go first when the whole log is full.
    for (let i = kept.length - 1; kept.length > this.total && i >= 0; i--) if (kept[i].status !== "running") kept.splice(i, 1);
    this.records = kept;
  }
}
