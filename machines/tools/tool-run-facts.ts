/**
 * What the tool run's states say besides their logic (machines/shared/meta.ts): the events the tool
 * page sends it and those its states ignore on purpose; tool-run.machine.ts puts them on its root and
 * states, inside `facts(...)` calls, so a production build of the pages leaves them out.
 */

/** What the form sends: its inputs and the Generate button. */
const formEvents = [
  'tool.prompt',
  'tool.image',
  'tool.poseImage',
  'tool.fileRejected',
  'tool.aspect',
  'tool.size',
  'tool.param',
  'tool.generate',
];

export const toolRunFacts = {
  sends: [...formEvents, 'tool.reset', 'tool.balance'],
};

/** 'Generate Another' needs a result to clear. */
const noResultToReset = {
  events: ['tool.reset'],
  why: "'Generate Another' is shown only with a result; a failed run keeps its form, and Generate tries again.",
};

export const idleFacts = { ignores: [noResultToReset] };

export const workingFacts = {
  ignores: [
    {
      events: [...formEvents, 'tool.reset'],
      why: 'A run is in progress: the form and its button are disabled until it ends.',
    },
  ],
};

export const resultFacts = {
  ignores: [
    {
      events: formEvents,
      why: "With a result shown the inputs and aspect buttons are disabled (§4); 'Generate Another' clears it first.",
    },
  ],
};

export const errorFacts = { ignores: [noResultToReset] };
