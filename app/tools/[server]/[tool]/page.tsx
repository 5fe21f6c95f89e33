import { ToolDetailView } from "@/components/tools/tool-detail";

export default async function ToolDetailPage({ params }: { params: Promise<{ server: string; tool: string }> }) {
  const { server, tool } = await params;
  return <ToolDetailView serverParam={server} toolParam={tool} />;
}
