/** What the prompt flows share: the prompt field they write to (the tool page's run). */

/** The tool page's run, as the prompt flows see it: it takes the field's new text (`tool.prompt`). */
export interface PromptTarget {
  send(event: { type: 'tool.prompt'; prompt: string }): void;
}

/** A target that keeps nothing (the flows viewer, the models). */
export const noTarget: PromptTarget = { send: () => undefined };
