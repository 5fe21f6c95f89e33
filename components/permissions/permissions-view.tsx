"use client";
/**
 * The /permissions page: server defaults, the tool table with live effective decisions and shadowed
 * rules flagged (drafts applied in the browser with the same pure model and lint), an unsaved-changes
 * bar with undo that stays in view, the rules already in the project with lint, and the export panel.
 */
import { useCallback, useEffect, useMemo } from "react";
import { FleetGate } from "@/components/layout/fleet-gate";
import { PageHeader } from "@/components/layout/page-header";
import { Button } from "@/components/ui/button";
import { ErrorState, LoadingState } from "@/components/ui/states";
import type { FleetState } from "@/lib/fleet/types";
import { draftChanges, draftKey, permissionRows, rulesWithDrafts, shadowedOurRules, type PermissionChange, type PermissionsView } from "@/lib/permissions";
import { useFleetStore, useFleetStoreShallow } from "@/lib/store/hooks";
import { count } from "@/lib/text/count";
import { ExportPanel } from "./export-panel";
import { PermissionsTable, rowId } from "./permissions-table";
import { ServerDefaults } from "./server-defaults";
import { SettingsPanel } from "./settings-panel";

function UnsavedBar({ unsaved }: { unsaved: number }) {
  const s = useFleetStoreShallow((st) => ({
    undo: st.undoPermissionEdit,
    discard: st.discardPermissionEdits,
    save: st.savePermissions,
    saving: st.permissionSaving,
    canUndo: st.permissionUndo.length > 0,
  }));
  const error = useFleetStore((st) => st.permissionsError);
  if (unsaved === 0 && !s.canUndo) return null;
  return (
    <div className="toolbar panel sticky-under-nav" role="region" aria-label="Unsaved changes" data-testid="unsaved-bar">
      <strong>{unsaved === 0 ? "No unsaved changes" : count(unsaved, "unsaved change")}</strong>
      <span className="grow" />
      <Button size="sm" disabled={!s.canUndo} onClick={s.undo}>
        Undo
      </Button>
      <Button size="sm" variant="ghost" disabled={unsaved === 0} onClick={s.discard}>
        Discard
      </Button>
      <Button size="sm" variant="primary" disabled={unsaved === 0 || s.saving} onClick={() => void s.save()}>
        {s.saving ? "Saving…" : "Save"}
      </Button>
      {error && unsaved > 0 ? <span className="field-error" role="alert">{error.message}</span> : null}
    </div>
  );
}

function Editor({ fleet, view }: { fleet: FleetState; view: PermissionsView }) {
  const drafts = useFleetStore((s) => s.permissionDrafts);
  const editPermissions = useFleetStore((s) => s.editPermissions);
  const edit = useCallback((changes: PermissionChange[]) => editPermissions(changes), [editPermissions]);
  const rules = useMemo(() => rulesWithDrafts(view.rules, drafts), [view.rules, drafts]);
  const existing = useMemo(() => view.settings.flatMap((f) => f.rules), [view.settings]);
  // The live snapshot's tools (they follow list_changed); the effective decision previews the drafts.
  const rows = useMemo(() => permissionRows(fleet.snapshot.tools, rules, existing), [fleet.snapshot.tools, rules, existing]);
  // The lint's shadowing, drafts applied: flagged in the editor as a rule is made, not only after a save.
  const shadowed = useMemo(
    () => shadowedOurRules({ tools: fleet.snapshot.tools, servers: view.servers, saved: view.rules, drafts, existing }),
    [fleet.snapshot.tools, view.servers, view.rules, drafts, existing],
  );
  const drafted = useMemo(
    () => new Set(draftChanges(drafts).filter((c) => c.toolName !== null).map((c) => rowId({ serverId: c.serverId, toolName: c.toolName as string }))),
    [drafts],
  );
  const unsaved = Object.keys(drafts).length;
  const decisionOf = (serverId: string) => drafts[draftKey(serverId, null)] ?? rules.find((r) => r.serverId === serverId && r.toolName === null)?.decision ?? "none";
  return (
    <div className="stack">
      <UnsavedBar unsaved={unsaved} />
      <ServerDefaults servers={view.servers} decisionOf={decisionOf} shadowed={shadowed} edit={edit} />
      <PermissionsTable rows={rows} drafted={drafted} shadowed={shadowed} edit={edit} />
      <div className="grid-2">
        <SettingsPanel view={view} />
        <ExportPanel unsaved={unsaved} hasProject={view.projectDir !== null} />
      </div>
    </div>
  );
}

export function PermissionsPage() {
  const { view, status, error, load } = useFleetStoreShallow((s) => ({
    view: s.permissions,
    status: s.permissionsStatus,
    error: s.permissionsError,
    load: s.loadPermissions,
  }));
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <div className="stack">
      <PageHeader
        title="Permissions"
        description="Allow, ask or deny per tool, with Claude Code's precedence (deny, then ask, then allow), exported for Claude Code, Codex and Cursor."
      />
      <FleetGate>
        {(fleet) =>
          view ? (
            <Editor fleet={fleet} view={view} />
          ) : status === "error" && error ? (
            <ErrorState error={error} title="Could not load the permissions" action={<Button size="sm" onClick={() => void load()}>Try again</Button>} />
          ) : (
            <LoadingState label="Loading the permissions…" />
          )
        }
      </FleetGate>
    </div>
  );
}
