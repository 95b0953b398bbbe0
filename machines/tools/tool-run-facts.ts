/**
 * What the tool run's states say besides their logic (machines/shared/meta.ts): the events the tool
 * page sends it and those its states ignore on purpose; tool-run.machine.ts puts them on its root and
 * states, inside `facts(...)` calls, so a production build of the pages leaves them out.
 */
export const toolRunFacts = {
  sends: [
    'tool.prompt',
    'tool.image',
    'tool.poseImage',
    'tool.fileRejected',
    'tool.aspect',
    'tool.size',
    'tool.param',
    'tool.generate',
    'tool.reset',
    'tool.balance',
  ],
};

export const idleFacts = {
  ignores: [
    {
      events: ['tool.reset'],
      why: "'Generate Another' is shown only with a result; a failed run keeps its form, and Generate tries again.",
    },
  ],
};

export const workingFacts = {
  ignores: [
    {
      events: [
        'tool.prompt',
        'tool.image',
        'tool.poseImage',
        'tool.fileRejected',
        'tool.aspect',
        'tool.size',
        'tool.param',
        'tool.generate',
        'tool.reset',
      ],
      why: 'A run is in progress: the form and its button are disabled until it ends.',
    },
  ],
};

export const resultFacts = {
  ignores: [
    {
      events: [
        'tool.prompt',
        'tool.image',
        'tool.poseImage',
        'tool.fileRejected',
        'tool.aspect',
        'tool.size',
        'tool.param',
        'tool.generate',
      ],
      why: "With a result shown the inputs and aspect buttons are disabled (§4); 'Generate Another' clears it first.",
    },
  ],
};

export const errorFacts = {
  ignores: [
    {
      events: ['tool.reset'],
      why: "'Generate Another' is shown only with a result; a failed run keeps its form, and Generate tries again.",
    },
  ],
};
