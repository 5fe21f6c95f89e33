/**
 * The FleetState as `GET /api/fleet` and `POST /api/refresh` answer it (the README's FleetState, for
 * scripts): everything but the client views, which are served per tool (the page index and a tool's
 * detail) because four views of a big fleet are several times its snapshot.
 */
import "server-only";

import type { FleetState } from "@/lib/fleet/types";

export type FleetStateJson = Omit<FleetState, "views">;

export function fleetStateJson(state: FleetState): FleetStateJson {
  const { views: _views, ...rest } = state;
  return rest;
}
