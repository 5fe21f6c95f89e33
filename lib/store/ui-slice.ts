/**
 * UI state that is not worth a URL (filters, views and selection live in the URL so a view can be
 * shared): the one notice shown under the navigation after an action (a server removed, a reconnect
 * refused), so a result is announced even when the row that caused it is gone; and the client a person
 * last chose, the only UI preference kept across visits (store.ts persists it).
 */
import type { StateCreator } from "zustand";
import { DEFAULT_CLIENT, type ClientChoice } from "@/lib/clients/choices";
import type { FleetStore } from "./store";

export interface Notice {
  tone: "good" | "bad";
  message: string;
  /** Increases with every notice, so the same message twice still re-announces. */
  id: number;
}

export interface UiSlice {
  notice: Notice | null;
  notify: (tone: Notice["tone"], message: string) => void;
  dismissNotice: () => void;
  /** The client whose view the pages show when the URL names none. */
  preferredClient: ClientChoice;
  setPreferredClient: (client: ClientChoice) => void;
}

export const createUiSlice: StateCreator<FleetStore, [], [], UiSlice> = (set, get) => ({
  notice: null,
  notify: (tone, message) => set({ notice: { tone, message, id: (get().notice?.id ?? 0) + 1 } }),
  dismissNotice: () => set({ notice: null }),
  preferredClient: DEFAULT_CLIENT,
  setPreferredClient: (preferredClient) => set({ preferredClient }),
});
