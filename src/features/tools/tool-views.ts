/**
 * What each tool page shows (TOOL-1, TOOL-17 to TOOL-22): the page part of each tool's definition in
 * src/catalog (inputs, labels, placeholders, button and progress words, result view). The run
 * itself is the one toolRun flow for all of them.
 */
import { tools, type PageText, type Tool, type ToolKey } from '../../catalog';

export type { PromptView, UploadView } from '../../catalog';

/** Every tool of the catalogue has a page. */
export type PageToolKey = ToolKey;

export interface ToolView extends PageText {
  readonly key: string;
}

export const viewOf = (tool: Pick<Tool<string>, 'key' | 'page'>): ToolView => ({ key: tool.key, ...tool.page });

export const toolViews: Readonly<Record<ToolKey, ToolView>> = Object.fromEntries(
  tools.map((tool) => [tool.key, viewOf(tool)]),
) as Record<ToolKey, ToolView>;
