import { Suspense } from "react";
import { UrlStateBoundary } from "@/components/layout/url-state-boundary";
import { ToolDetailView } from "@/components/tools/tool-detail";
import { LoadingState } from "@/components/ui/states";

export default async function ToolDetailPage({ params }: { params: Promise<{ server: string; tool: string }> }) {
  const { server, tool } = await params;
  return (
    <Suspense fallback={<LoadingState />}>
      <UrlStateBoundary>
        <ToolDetailView serverParam={server} toolParam={tool} />
      </UrlStateBoundary>
    </Suspense>
  );
}
