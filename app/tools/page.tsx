import { Suspense } from "react";
import { ToolsView } from "@/components/tools/tools-view";
import { LoadingState } from "@/components/ui/states";

export default function ToolsPage() {
  return (
    <Suspense fallback={<LoadingState />}>
      <ToolsView />
    </Suspense>
  );
}
