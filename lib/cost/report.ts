/**
 * The cost report the CLI, the API and the pages share: a client's view of the fleet (or of one profile's
 * servers), costed with that client's token method, or with Anthropic's own count when one was asked for.
 * Pure: the settings and the count come in as values.
 */
import { clientView, type ClientChoice, type ClientSettings, type ClientView, type ToolSearchSetting } from "@/lib/clients";
import type { ServerToolList } from "@/lib/reconcile/types";
import { contextCost } from "./context-cost";
import { countedMethod, tokenMethodFor } from "./token-method";
import type { ApiTokenCount, CostReport } from "./types";

export interface CostInput {
  client: ClientChoice;
  /** The raw lists of the servers to cost (a profile's only, when one applies). */
  toolLists: readonly ServerToolList[];
  settings?: ClientSettings;
  toolSearch?: ToolSearchSetting | null;
  profile?: string | null;
  api?: ApiTokenCount | null;
  contextWindow?: number;
  heaviest?: number;
}

export function costReport(input: CostInput): { report: CostReport; view: ClientView } {
  const view = clientView(input.client, input.toolLists, input.settings ?? {});
  const method = tokenMethodFor(view.client.id);
  const report = contextCost(view, input.toolLists, {
    count: method.count,
    tokens: input.api ? countedMethod(input.api) : method.tokens,
    profile: input.profile ?? null,
    toolSearch: input.toolSearch ?? null,
    api: input.api ?? null,
    ...(input.contextWindow ? { contextWindow: input.contextWindow } : {}),
    ...(input.heaviest ? { heaviest: input.heaviest } : {}),
  });
  return { report, view };
}
