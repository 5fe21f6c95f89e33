import { Suspense } from "react";
import { ToolsView } from "@/components/tools/tools-view";
import { UrlStateBoundary } from "@/components/layout/url-state-boundary";
import { LoadingState } from "@/components/ui/states";

export default function ToolsPage() {
  return (
    <Suspense fallback={<LoadingState />}>
      <UrlStateBoundary>
        <ToolsView />
      </UrlStateBoundary>
    </Suspense>
  );
}
