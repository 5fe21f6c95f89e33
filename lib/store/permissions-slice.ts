/**
 * The permissions slice: the server's permissions view (live via the `permissions` SSE
 * event), the unsaved drafts with an undo stack (edits stay local until saved, then one PUT), and the
 * settings export's preview and token-checked write.
 */
import type { StateCreator } from "zustand";
import { apiRequest, type ClientError } from "@/lib/api-client";
// drafts.ts itself, not the lib/permissions barrel: every page has this slice, and the barrel brings
// the settings-file parser and the diff maker only the permissions page uses.
import { applyEdits, draftChanges, type Drafts } from "@/lib/permissions/drafts";
import type { PermissionChange, PermissionsView, SettingsPreviewView, SettingsTarget, SettingsWriteView } from "@/lib/permissions";
import type { ActionResult, LoadStatus } from "./fleet-slice";
import type { FleetStore } from "./store";

export interface PermissionsSliceState {
  permissions: PermissionsView | null;
  permissionsStatus: LoadStatus;
  permissionsError: ClientError | null;
  permissionDrafts: Drafts;
  /** Earlier draft sets, newest last: undo pops one. */
  permissionUndo: Drafts[];
  permissionSaving: boolean;
  permissionTarget: SettingsTarget;
  permissionPreview: SettingsPreviewView | null;
  permissionWritten: SettingsWriteView | null;
  permissionExportError: ClientError | null;
}

export interface PermissionsSliceActions {
  loadPermissions: () => Promise<void>;
  receivePermissions: (view: PermissionsView) => void;
  editPermissions: (edits: PermissionChange[]) => void;
  undoPermissionEdit: () => void;
  discardPermissionEdits: () => void;
  savePermissions: () => Promise<ActionResult>;
  setPermissionTarget: (target: SettingsTarget) => void;
  previewPermissionExport: () => Promise<ActionResult>;
  writePermissionExport: () => Promise<ActionResult>;
}

export type PermissionsSlice = PermissionsSliceState & PermissionsSliceActions;

export const createPermissionsSlice: StateCreator<FleetStore, [], [], PermissionsSlice> = (set, get) => ({
  permissions: null,
  permissionsStatus: "idle",
  permissionsError: null,
  permissionDrafts: {},
  permissionUndo: [],
  permissionSaving: false,
  permissionTarget: "settings",
  permissionPreview: null,
  permissionWritten: null,
  permissionExportError: null,

  loadPermissions: async () => {
    if (get().permissions === null) set({ permissionsStatus: "loading" });
    const result = await apiRequest<PermissionsView>("GET", "/api/permissions");
    if (result.ok) get().receivePermissions(result.data);
    else set({ permissionsStatus: get().permissions ? "ready" : "error", permissionsError: result.error });
  },

  receivePermissions: (view) => {
    if (!view || !Array.isArray(view.rows)) return;
    // Drafts the server now agrees with are no longer drafts.
    const drafts = applyEdits({}, view.rules, draftChanges(get().permissionDrafts));
    set({ permissions: view, permissionsStatus: "ready", permissionsError: null, permissionDrafts: drafts });
  },

  editPermissions: (edits) => {
    const view = get().permissions;
    if (!view || edits.length === 0) return;
    const before = get().permissionDrafts;
    const next = applyEdits(before, view.rules, edits);
    set((s) => ({ permissionDrafts: next, permissionUndo: [...s.permissionUndo, before].slice(-100) }));
  },

  undoPermissionEdit: () => {
    const stack = get().permissionUndo;
    if (stack.length === 0) return;
    set({ permissionDrafts: stack[stack.length - 1], permissionUndo: stack.slice(0, -1) });
  },

  discardPermissionEdits: () => set((s) => ({ permissionDrafts: {}, permissionUndo: [...s.permissionUndo, s.permissionDrafts] })),

  savePermissions: async () => {
    const changes = draftChanges(get().permissionDrafts);
    if (changes.length === 0) return { ok: true };
    set({ permissionSaving: true });
    try {
      const result = await apiRequest<PermissionsView>("PUT", "/api/permissions", { changes });
      if (!result.ok) return { ok: false, error: result.error };
      set({ permissionDrafts: {}, permissionUndo: [], permissionPreview: null, permissionWritten: null });
      get().receivePermissions(result.data);
      return { ok: true };
    } finally {
      set({ permissionSaving: false });
    }
  },

  setPermissionTarget: (target) => set({ permissionTarget: target, permissionPreview: null, permissionWritten: null, permissionExportError: null }),

  previewPermissionExport: async () => {
    const result = await apiRequest<SettingsPreviewView>("POST", "/api/permissions/preview", { target: get().permissionTarget });
    if (!result.ok) {
      set({ permissionPreview: null, permissionExportError: result.error });
      return { ok: false, error: result.error };
    }
    set({ permissionPreview: result.data, permissionWritten: null, permissionExportError: null });
    return { ok: true };
  },

  writePermissionExport: async () => {
    const preview = get().permissionPreview;
    if (!preview) return { ok: false, error: { code: "bad_request:permissions", message: "Preview the change first.", status: 0 } };
    const result = await apiRequest<SettingsWriteView>("POST", "/api/permissions/write", { target: preview.target, token: preview.token });
    if (!result.ok) {
      set({ permissionExportError: result.error, ...(result.error.status === 409 ? { permissionPreview: null } : {}) });
      return { ok: false, error: result.error };
    }
    set({ permissionWritten: result.data, permissionPreview: null, permissionExportError: null });
    void get().loadPermissions();
    return { ok: true };
  },
});
