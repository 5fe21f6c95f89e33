/**
 * The one in-process event stream the dashboard pushes over SSE (`GET /api/events`, docs/architecture.md
 * "Architecture"): the manager's states go out as `fleet`, history as `history`, permissions as
 * `permissions`. Kept on globalThis so every route bundle and dev reload shares one bus.
 */
import "server-only";

export interface FleetEvent {
  type: string;
  data: unknown;
}

export type EventListener = (event: FleetEvent) => void;

const KEY = Symbol.for("mcp-fleet.event-bus");
type Bus = { listeners: Set<EventListener> };
type WithBus = typeof globalThis & { [KEY]?: Bus };

function bus(): Bus {
  const g = globalThis as WithBus;
  return (g[KEY] ??= { listeners: new Set() });
}

/** Send an event to every subscriber. `data` must be safe to show (no env or header values). */
export function publishEvent(type: string, data: unknown): void {
  const event = { type, data };
  for (const listener of [...bus().listeners]) {
    try {
      listener(event);
    } catch (error) {
      // One broken subscriber (say, a closed stream) must not starve the others.
      console.error(`event-bus: a ${type} listener failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** Listen to every event; call the returned function to stop. */
export function subscribeEvents(listener: EventListener): () => void {
  const listeners = bus().listeners;
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** How many subscribers are attached (tests use it to see a stream clean up). */
export function subscriberCount(): number {
  return bus().listeners.size;
}
