/** Groups drift events by UTC day, then by server. Pure. */
import type { DriftEvent } from "@/lib/history/types";
import { compareCodeUnits } from "@/lib/json/values";

export interface DayGroup {
  day: string;
  servers: { serverId: string; events: DriftEvent[] }[];
}

/** Days newest first; servers by id; events newest first within a server. */
export function groupEvents(events: DriftEvent[]): DayGroup[] {
  const days = new Map<string, Map<string, DriftEvent[]>>();
  for (const event of [...events].sort((a, b) => b.id - a.id)) {
    const day = event.time.slice(0, 10);
    const servers = days.get(day) ?? new Map<string, DriftEvent[]>();
    servers.set(event.serverId, [...(servers.get(event.serverId) ?? []), event]);
    days.set(day, servers);
  }
  return [...days.entries()]
    .sort(([a], [b]) => compareCodeUnits(b, a))
    .map(([day, servers]) => ({
      day,
      servers: [...servers.entries()].sort(([a], [b]) => compareCodeUnits(a, b)).map(([serverId, evs]) => ({ serverId, events: evs })),
    }));
}
