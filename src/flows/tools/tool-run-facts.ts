/**
 * What the tool run's states say besides their logic (src/flows/shared/meta.ts): the events the tool
 * page sends it, those its states ignore on purpose, and what the person sees in each (named kinds,
 * since every tool words its form and button its own way; the path adapter checks each kind);
 * tool-run.machine.ts puts them on its root and states, inside `facts(...)` calls.
 */

/** What the form sends: its inputs and the Generate button. */
const formEvents = [
  'tool.prompt',
  'tool.prompt.clear',
  'tool.image',
  'tool.poseImage',
  'tool.fileRejected',
  'tool.aspect',
  'tool.size',
  'tool.param',
  'tool.saveTo',
  'tool.generate',
];

/** What the result offers besides its downloads: Generate Another, Run again and Edit. */
const resultEvents = ['tool.reset', 'tool.runAgain', 'tool.edit'];

/** The draft kept for the tab (TOOL-47 to TOOL-49): kept when the login dialog opens, restored, and its question. */
const draftEvents = ['tool.draft.keep', 'tool.draft.restore'];
const draftAnswers = ['tool.draft.run', 'tool.draft.decline'];

export const toolRunFacts = {
  sends: [
    ...formEvents,
    ...resultEvents,
    ...draftEvents,
    ...draftAnswers,
    'tool.balance',
    'tool.listed',
    'tool.applyCreation',
  ],
  /** What each guard checks (the flows viewer says which one keeps an event from being taken). */
  guards: {
    formInvalid: 'the form has a problem (a required field empty or a value out of range)',
    signedOut: 'nobody is signed in',
    lacksCredits: "the balance is below the tool's cost",
    knownAspect: 'the tool has aspect presets and this is one of them',
    knownParam: 'the tool has this control and takes this value',
    hasPrompt: 'a prompt is typed',
    syncCall: 'the tool answers in one call',
    uploadsFirst: 'the tool uploads its images before the call',
    hasPoseImage: 'a pose image is given',
    gotOutput: 'the answer holds an output',
    gotId: 'the answer holds a prediction id',
    answered: 'the server answered the call',
    pollSucceeded: 'the poll answered',
    follows: 'the page is on its first form, blank, and the run listed is of its tool',
    newSeed: "'New seed' was chosen for the creation's settings",
    following: 'the run follows one already working',
    draftFits: "the draft kept for the tab is of this page's tool",
    draftAsks: "the draft is of this page's tool and its Generate had been pressed",
  },
};

/** 'Run it now?' is asked only once a restored draft had Generate pressed (TOOL-49). */
const noDraftQuestion = {
  events: draftAnswers,
  why: "'Run it now?' shows only right after a draft whose Generate had been pressed is restored (TOOL-49).",
};

/** 'Generate Another', 'Run again' and 'Edit' need a result. */
const noResultToReset = {
  events: resultEvents,
  why: "'Generate Another', 'Run again' and 'Edit' are shown only with a result; a failed run keeps its form, and Generate tries again.",
};

/** The idle and error states show the form the same way. */
const formSight = {
  kind: 'form',
  says: 'the form as the run keeps it (prompt, size, aspect, images), with its Generate button, no result',
};

/** RUNS-14: a page follows a run the tray lists only while it is on its first form, blank. */
const resumeOnOpen = {
  events: ['tool.listed'],
  why: 'A page follows a run it did not start only while it is on its first form, blank; this one has left it.',
};

/** The form, empty or as typed, with or without the red banner of a refusal or a failed run. */
export const formFacts = { ignores: [noResultToReset] };

export const idleFacts = {
  sees: [formSight, { kind: 'noBanner', says: 'no red banner' }],
  ignores: [noDraftQuestion],
};

/** A restored draft whose Generate had been pressed: the question over the form (TOOL-49). */
export const offeringFacts = {
  sees: [
    formSight,
    { role: 'dialog', name: 'Run it now?' } as const,
    { role: 'button', name: 'Run it', state: 'enabled' } as const,
  ],
  ignores: [
    {
      events: ['tool.listed'],
      why: 'A page follows a run it did not start only while it is on its first form, blank; a restored draft is not blank.',
    },
  ],
};

/** Reading a creation for its settings (CREATIONS-13): the form shows as it was, without the result or banner. */
export const applyingFacts = {
  sees: idleFacts.sees,
  ignores: [resumeOnOpen, noDraftQuestion],
};

export const workingFacts = {
  sees: [
    { kind: 'working', says: "the button says the tool's working word (Generating...) and is disabled; the bar shows" },
  ],
  ignores: [
    {
      events: [...formEvents, 'tool.reset'],
      why: 'A run is in progress: the form and its button are disabled until it ends.',
    },
    {
      events: ['tool.runAgain', 'tool.edit'],
      why: "'Run again' and 'Edit' are shown only with a result; a run in progress has none yet.",
    },
    {
      events: ['tool.applyCreation'],
      why: "A run is in progress: a creation's settings are not put into a form that is locked (the page keeps its run; CREATIONS-13).",
    },
    {
      events: [...draftEvents, ...draftAnswers],
      why: 'A run is in progress, so someone is signed in: no draft is kept, and none is put into a form that is locked.',
    },
    resumeOnOpen,
  ],
};

export const resultFacts = {
  sees: [
    {
      kind: 'result',
      says: "the result (image, text, sound or video) with 'Generate Another', 'Run again' and 'Edit', no red banner",
    },
    {
      kind: 'resultActions',
      says: 'Download (images, video, audio, 3D) or Copy (text, code), and the link to My creations when the run has an id',
    },
  ],
  ignores: [
    {
      events: formEvents,
      why: "With a result shown the inputs and aspect buttons are disabled (TOOL-4); 'Generate Another' clears it first.",
    },
    {
      events: ['tool.draft.keep', ...draftAnswers],
      why: 'A result is shown only to someone signed in, who has no login dialog to keep a draft for, and no draft question is open.',
    },
    resumeOnOpen,
  ],
};

export const errorFacts = {
  sees: [
    {
      kind: 'errorBanner',
      says: "the red banner with the run's message (with Buy credits and See plans when the credits fall short)",
    },
    formSight,
  ],
  ignores: [resumeOnOpen, noDraftQuestion],
};

/** What the working states show besides the working button: the call the page has out. */
export const callOutSights = [
  {
    kind: 'callOut',
    says: "the server holds the tool's call: the form as the run keeps it, with a new Idempotency-Key",
  },
];
export const uploadSights = [
  { kind: 'upload', says: 'the server holds POST /api/upload (the main image, then the pose image)' },
];
export const statusCheckSights = [
  { kind: 'statusCheck', says: "the page asks the prediction's status (GET /api/prediction/:id)" },
];
