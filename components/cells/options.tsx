/**
 * Option lists `{ value, label, icon }` (shadcn tasks example, data/data.tsx): read by cells and by
 * faceted filters alike, so a flag or a status looks the same everywhere.
 */
import type { ComponentType, SVGProps } from "react";
import type { BadgeTone } from "@/components/ui/badge";
import { CollideIcon, CutIcon, ErrorIcon, ExcludeIcon, FlattenIcon, PauseIcon, ReadyIcon, RenameIcon, SpinnerIcon, WarningIcon } from "@/components/ui/icons";
import type { ServerStatus } from "@/lib/reconcile/types";
import type { ToolFlag } from "@/lib/server/page-state";

export type { ToolFlag };

export interface Option<T extends string> {
  value: T;
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  tone: BadgeTone;
  /** One line for a tooltip: what the flag means for the model. */
  hint: string;
}

export const flagOptions: Option<ToolFlag>[] = [
  { value: "collided", label: "Collided", icon: CollideIcon, tone: "warn", hint: "Another server lists the same name (the Agent SDK host exposes it as <server>__<name>)." },
  { value: "renamed", label: "Renamed", icon: RenameIcon, tone: "info", hint: "This client sends it under another name than the one its server lists." },
  { value: "flattened", label: "Flattened", icon: FlattenIcon, tone: "accent", hint: "This client flattens a root anyOf/oneOf/allOf into one object schema." },
  { value: "excluded", label: "Excluded", icon: ExcludeIcon, tone: "bad", hint: "This client drops it: the model never sees this tool." },
  { value: "cut", label: "Cut", icon: CutIcon, tone: "warn", hint: "This client cuts the description: the model sees only its start." },
  { value: "warnings", label: "Warnings", icon: WarningIcon, tone: "warn", hint: "Portability findings other clients trip over." },
];

export const statusOptions: Option<ServerStatus>[] = [
  { value: "ready", label: "Ready", icon: ReadyIcon, tone: "good", hint: "Connected and listed." },
  { value: "connecting", label: "Connecting", icon: SpinnerIcon, tone: "info", hint: "Starting or listing tools." },
  { value: "error", label: "Failing", icon: ErrorIcon, tone: "bad", hint: "Could not start, connect or list." },
  { value: "disabled", label: "Disabled", icon: PauseIcon, tone: "neutral", hint: "Disabled in the config: never started." },
];

export function optionOf<T extends string>(options: Option<T>[], value: T): Option<T> | undefined {
  return options.find((o) => o.value === value);
}
