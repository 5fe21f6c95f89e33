/**
 * Option lists `{ value, label, icon }` (shadcn tasks example, data/data.tsx): read by cells and by
 * faceted filters alike, so a flag or a status looks the same everywhere.
 */
import type { ComponentType, SVGProps } from "react";
import type { BadgeTone } from "@/components/ui/badge";
import { CollideIcon, ErrorIcon, ExcludeIcon, FlattenIcon, PauseIcon, ReadyIcon, RenameIcon, SpinnerIcon, WarningIcon } from "@/components/ui/icons";
import type { ServerStatus } from "@/lib/reconcile/types";

export type ToolFlag = "collided" | "renamed" | "flattened" | "excluded" | "warnings";

export interface Option<T extends string> {
  value: T;
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  tone: BadgeTone;
  /** One line for a tooltip: what the flag means for the model. */
  hint: string;
}

export const flagOptions: Option<ToolFlag>[] = [
  { value: "collided", label: "Collided", icon: CollideIcon, tone: "warn", hint: "Another server lists the same name: exposed as <server>__<name>." },
  { value: "renamed", label: "Renamed", icon: RenameIcon, tone: "info", hint: "The exposed name differs from the original name." },
  { value: "flattened", label: "Flattened", icon: FlattenIcon, tone: "accent", hint: "A root anyOf/oneOf/allOf was flattened into one object schema." },
  { value: "excluded", label: "Excluded", icon: ExcludeIcon, tone: "bad", hint: "Fails a Claude API check: the model never sees this tool." },
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
