import type { ClientSpec, Launcher } from "./install";
export async function probeEnvironment(_client: ClientSpec, _launcher: Launcher, _opts: { repo: string; rawServer: string; keep: boolean; log: (line: string) => void; swapsFor: (root: string) => [string, string][] }): Promise<string> {
  throw new Error("not yet");
}
