/**
 * What each client loses of one server, in words for the server's row (pure): a whole-server loss says
 * which tool causes it ("Claude Code 2.1.328 would list 0 tools: `get-library-docs` has no root type");
 * a partial one says how many tools the client drops. A server that is not ready is lost to every client
 * for the reason its row already shows, so it is not repeated here.
 */
import { CLIENT_SHORT_LABELS } from "@/components/clients/client-switch";
import { CLIENT_CHOICE_LIST, type ClientChoice } from "@/lib/clients/choices";
import type { FleetIndex } from "@/lib/server/page-state";

export interface ClientLoss {
  client: ClientChoice;
  /** `whole`: the client lists none of the server's tools; `some`: it drops part of them. */
  kind: "whole" | "some";
  message: string;
}

export function clientLosses(fleet: FleetIndex, serverId: string): ClientLoss[] {
  const losses: ClientLoss[] = [];
  for (const client of CLIENT_CHOICE_LIST) {
    const verdict = fleet.clients[client].servers.find((s) => s.serverId === serverId);
    if (!verdict || verdict.status !== "ready") continue;
    if (verdict.lost) losses.push({ client, kind: "whole", message: verdict.lost.message });
    else if (verdict.sent < verdict.listed) {
      const dropped = verdict.listed - verdict.sent;
      losses.push({ client, kind: "some", message: `${CLIENT_SHORT_LABELS[client]} drops ${dropped} of ${verdict.listed} tool${verdict.listed === 1 ? "" : "s"}` });
    }
  }
  return losses;
}
