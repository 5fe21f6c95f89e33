export default function OverviewPage() {
  return (
    <main style={{ padding: 24 }}>
      <h1>MCP Fleet</h1>
      <p>The live fleet view arrives with the Live fleet issue; the core runs today as <code>npm run fleet -- reconcile</code>.</p>
    </main>
  );
}
