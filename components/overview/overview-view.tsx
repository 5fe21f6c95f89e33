"use client";
/** The Overview page (issue 4): fleet summary, servers, add/remove, config findings. */
import { FleetGate } from "@/components/layout/fleet-gate";
import { PageHeader } from "@/components/layout/page-header";

export function OverviewView() {
  return (
    <>
      <PageHeader title="MCP Fleet" description="Every MCP server of this project, and what a model would really see." />
      <FleetGate>{(fleet) => <p className="muted">{fleet.servers.length} servers, {fleet.snapshot.tools.length} tools.</p>}</FleetGate>
    </>
  );
}
