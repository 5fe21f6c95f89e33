/**
 * The server-by-server matrix of the collisions page: for each pair of servers, how many
 * original names they share; the diagonal is how many of a server's names collide at all. Pure and
 * deterministic (servers sorted by id).
 */
import type { CollisionGroup } from "@/lib/reconcile/types";

export interface CollisionMatrix {
  servers: string[];
  /** counts[i][j]: names shared by servers[i] and servers[j]; counts[i][i]: names of servers[i] in any group. */
  counts: number[][];
  /** names[i][j]: the shared names, sorted. */
  names: string[][][];
}

export function collisionMatrix(collisions: CollisionGroup[], serverIds: readonly string[] = []): CollisionMatrix {
  const servers = [...new Set([...serverIds, ...collisions.flatMap((g) => g.members.map((m) => m.serverId))])].sort();
  const index = new Map(servers.map((id, i) => [id, i]));
  const names: string[][][] = servers.map(() => servers.map(() => []));
  for (const group of collisions) {
    const members = [...new Set(group.members.map((m) => m.serverId))].sort();
    for (const a of members) {
      for (const b of members) {
        names[index.get(a)!][index.get(b)!].push(group.name);
      }
    }
  }
  for (const row of names) for (const cell of row) cell.sort();
  return { servers, counts: names.map((row) => row.map((cell) => cell.length)), names };
}
