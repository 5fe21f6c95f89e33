"use client";
/** The Overview page: fleet summary, servers, add a server, config findings. */
import { BundleDownload } from "@/components/bundle/bundle-download";
import { CostBar } from "@/components/cost/cost-bar";
import { FleetGate } from "@/components/layout/fleet-gate";
import { PageHeader } from "@/components/layout/page-header";
import { Button } from "@/components/ui/button";
import { ReloadIcon } from "@/components/ui/icons";
import { useFleetActions, useFleetStore } from "@/lib/store/hooks";
import { AddServerForm } from "./add-server-form";
import { ConfigFindings } from "./config-findings";
import { FleetSummary } from "./fleet-summary";
import { ServersTable } from "./servers-table";

function RefreshButton() {
  const { refreshFleet } = useFleetActions();
  const busy = useFleetStore((s) => Boolean(s.pending.refresh));
  return (
    <Button size="sm" disabled={busy} onClick={() => void refreshFleet()} aria-label="Refresh every server's tool list">
      <ReloadIcon className={busy ? "spin" : undefined} /> Refresh
    </Button>
  );
}

export function OverviewView() {
  return (
    <>
      <PageHeader title="Overview" description="Every MCP server of this project, and what a model would really see." actions={<><BundleDownload /><RefreshButton /></>} />
      <FleetGate>
        {(fleet) => (
          <div className="stack">
            {fleet.demo ? (
              <p className="muted" data-testid="demo-notice">
                Showing the built-in demo fleet. To see your project&apos;s servers, run <code>mcp-fleet start</code> in the
                project&apos;s folder (it reads the <code>.mcp.json</code>, <code>.cursor/</code>, <code>.vscode/</code> and{" "}
                <code>.codex/</code> configs there), or name the config: <code>npm start -- --config path/to/.mcp.json</code>{" "}
                (repeat <code>--config</code> for several files).
              </p>
            ) : null}
            <FleetSummary fleet={fleet} />
            <CostBar fleet={fleet} />
            <ServersTable fleet={fleet} />
            <AddServerForm existingIds={fleet.servers.map((s) => s.id)} />
            <ConfigFindings findings={fleet.findings} files={fleet.configFiles} />
          </div>
        )}
      </FleetGate>
    </>
  );
}
