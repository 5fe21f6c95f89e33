"use client";
/**
 * ─── HISTORY SLOT ───
 * The tool's hash timeline on the detail view. HISTORY (issue 5) replaces the body of this one
 * component with its own (e.g. `return <ToolHashTimeline serverId={serverId} toolName={toolName} />`
 * from components/history); the detail view renders it and needs no other edit.
 */
export function ToolHistorySlot({ serverId, toolName }: { serverId: string; toolName: string }) {
  return (
    <div className="slot muted" data-testid="tool-history-slot" data-server={serverId} data-tool={toolName}>
      The hash timeline of this tool appears here once history is recorded.
    </div>
  );
}
