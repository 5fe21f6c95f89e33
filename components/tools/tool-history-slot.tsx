"use client";
/**
 * ─── HISTORY SLOT ───
 * The tool's hash timeline on the detail view, filled from the history: its versions and the
 * diff between any two (components/history/tool-history.tsx).
 */
import { ToolHistory } from "@/components/history/tool-history";

export function ToolHistorySlot({ serverId, toolName }: { serverId: string; toolName: string }) {
  return (
    <div data-testid="tool-history-slot" data-server={serverId} data-tool={toolName}>
      <ToolHistory serverId={serverId} toolName={toolName} />
    </div>
  );
}
