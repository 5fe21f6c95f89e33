"use client";
/**
 * Renders its children with the fleet index once the store has one; until then the loading state, and
 * on failure the error (a 401 tells how to get the token). Every fleet page starts here.
 */
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { ErrorState, LoadingState } from "@/components/ui/states";
import type { FleetIndex } from "@/lib/server/page-state";
import { useFleet, useFleetActions } from "@/lib/store/hooks";

export function FleetGate({ children }: { children: (fleet: FleetIndex) => ReactNode }) {
  const { fleet, status, error } = useFleet();
  const { loadFleet } = useFleetActions();
  if (fleet) return <>{children(fleet)}</>;
  if (status === "error" && error) {
    return (
      <ErrorState
        error={error}
        title={error.status === 401 ? "Not signed in" : "Could not load the fleet"}
        action={
          <Button size="sm" onClick={() => void loadFleet()}>
            Try again
          </Button>
        }
      />
    );
  }
  return <LoadingState label="Connecting to the fleet…" />;
}
