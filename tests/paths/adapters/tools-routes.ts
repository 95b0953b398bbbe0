/**
 * The tool run's path adapter (tools.paths.ts), its second half: which events the page cannot send from a
 * state, and the routes: few pages, many steps.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { RequestOutcome, ToolRunContext } from '../../../src/flows/tools/tool-run.types';
import type { FlowModel } from '../../flows/harness';
import { serverError, silentError } from '../../flows/models/fixtures';
import {
  runInput,
  toolRunMediaModel,
  toolRunPersonModel,
  toolRunSyncModel,
  toolRunTextModel,
} from '../../flows/models/tools.models';
import { IMAGE, POSE } from '../../../src/flows/tools/tools.examples';
import type { PathAdapter } from '../harness';
import { viewOf } from './tools-page';

const generate = { type: 'tool.generate' };
const prompts = {
  fox: { type: 'tool.prompt', prompt: 'a red fox in the snow' },
  blank: { type: 'tool.prompt', prompt: '   ' },
};
const aspect = { type: 'tool.aspect', name: 'Portrait' };
const tooLarge = { type: 'tool.fileRejected', message: 'Image is too large. Please choose a smaller image.' };
const imageAnswer: RequestOutcome = {
  ok: true,
  answer: { output: 'https://atelier.test/outputs/fox.png', credits: 4992 },
  attempts: 1,
};
const insufficient: RequestOutcome = {
  ok: false,
  error: { status: 402, message: 'Insufficient credits' },
  attempts: 1,
};
const started = (credits: number): RequestOutcome => ({ ok: true, answer: { id: 'pred-1', credits }, attempts: 1 });
/** Image to Image (the size fields) for a visitor: a page no flow model opens. */
const imageToImageVisitorModel: FlowModel = { ...toolRunSyncModel, input: runInput('image-to-image') };

/** Why the page cannot send `event` from `source`, or null when it can. */
export function toolRunCannotSend(event: EventObject, source: AnyMachineSnapshot): string | null {
  const context = source.context as ToolRunContext;
  const view = viewOf(context);
  const e = event as EventObject & Record<string, unknown>;
  // TOOL-49: 'Run it now?' is a modal dialog over the form: only its two buttons can be used until it is answered.
  const formControls = ['tool.prompt', 'tool.prompt.clear', 'tool.image', 'tool.poseImage', 'tool.fileRejected'];
  const settings = ['tool.aspect', 'tool.size', 'tool.param', 'tool.saveTo', 'tool.generate', 'tool.draft.keep'];
  if (source.hasTag('draftQuestion') && [...formControls, ...settings].includes(event.type))
    return "the modal dialog 'Run it now?' covers the page: its form and the header's Sign In take nothing until it is answered";
  switch (event.type) {
    case 'progress.queued':
      if (!source.matches({ working: 'polling' })) return 'only a status check tells the page of the queue';
      if (e['place'] === null && context.queuedPlace === null) return 'a run leaves the queue only after being in it';
      return null;
    case 'tool.image':
      if (!view.upload) return `${context.tool.title} has no image upload`;
      return e.image === null && !context.image ? 'Remove image shows only with an image' : null;
    case 'tool.poseImage':
      if (!view.pose) return `${context.tool.title} has no pose image`;
      return e.image === null && !context.poseImage ? 'Remove pose image shows only with a pose image' : null;
    case 'tool.fileRejected':
      return view.upload ? null : `${context.tool.title} has no file to choose`;
    case 'tool.applyCreation':
      return context.signedIn ? null : 'a visitor has no creations whose settings to use';
    case 'tool.saveTo':
      return context.signedIn ? null : "'Save to' shows only to a signed-in person (a visitor has no collections)";
    case 'tool.draft.keep':
      return context.signedIn ? 'the login dialog opens only over a visitor’s page' : null;
    case 'tool.draft.restore':
      return e['toolKey'] === context.tool.key ? null : 'the way back leads to the page of the draft’s own tool';
    case 'tool.aspect':
      return context.shape.aspect ? null : `${context.tool.title} has no aspect presets`;
    case 'tool.size':
      return context.shape.freeSize ? null : `${context.tool.title} has no size fields`;
    case 'tool.param':
      return context.tool.params.some((p) => p.name === e.name) ? null : `${context.tool.title} has no such setting`;
    case 'tool.generate':
      if (context.shape.button.includes('prompt') && context.prompt.trim() === '')
        return 'the button is disabled while the prompt is empty';
      if (context.shape.button.includes('image') && !context.image) return 'the button is disabled without an image';
      return null;
    case 'tool.balance': {
      // The page as it opens gives its run the session's balance (useToolRun)…
      const opening =
        source.matches({ form: 'idle' }) &&
        context.key === null &&
        context.prompt === (context.shape.defaultPrompt ?? '') &&
        !context.image &&
        !context.poseImage &&
        context.error === null;
      // …and after a polled run it asks for the balance again (CREDITS-4), which reaches the run through the session.
      const refreshed =
        source.matches('result') &&
        context.shape.call !== 'single' &&
        e.signedIn === true &&
        e.credits !== context.credits;
      return opening || refreshed
        ? null
        : 'the balance reaches the run as the page opens, or with the credits refresh after a polled run';
    }
    case 'progress.tick':
      return source.matches({ working: 'single' }) || source.matches({ working: 'polling' })
        ? null
        : 'nothing moves the bar while an upload or the start call is out';
    case 'xstate.done.actor.request': {
      const outcome = e.output as RequestOutcome;
      if (outcome.ok && source.matches({ working: 'single' }) && outcome.answer.credits === undefined)
        return "an image answer without the balance fails the client's schema (ImageAnswer)";
      return null;
    }
    case 'xstate.error.actor.wait': {
      const { message } = (e.error ?? {}) as { message?: unknown };
      return typeof message === 'string' && message !== ''
        ? null
        : "the page's wait turns a failed check without a message into 'Failed to check status'";
    }
    default:
      return null;
  }
}

export const toolRunRoutes: NonNullable<PathAdapter['routes']> = [
  // Text to Image: a result, scrolled to, Generate Another; an answer without an image; a 504 retried
  // three times; a 500 without a message.
  {
    model: toolRunSyncModel,
    events: [
      { type: 'tool.balance', signedIn: true, credits: 5000 },
      aspect,
      prompts.fox,
      generate,
      { type: 'progress.tick', value: 5 },
      { type: 'xstate.done.actor.request', output: imageAnswer },
      { type: 'xstate.after.scrollDelay.toolRun.result' },
      { type: 'tool.reset' },
      prompts.fox,
      generate,
      { type: 'xstate.done.actor.request', output: { ok: true, answer: { credits: 4984 }, attempts: 1 } },
      prompts.blank,
      aspect,
      prompts.fox,
      generate,
      {
        type: 'xstate.done.actor.request',
        output: { ok: false, error: { status: 504, message: 'Gateway Timeout' }, attempts: 3 },
      },
      generate,
      { type: 'xstate.done.actor.request', output: { ok: false, error: { message: '' }, attempts: 1 } },
      // The server ran and failed the run (502): its credits came back (TOOL-38).
      generate,
      {
        type: 'xstate.done.actor.request',
        output: { ok: false, error: { status: 502, message: 'The offline preview model failed' }, attempts: 1 },
      },
    ],
  },
  // Text to Image with 1 credit: refused before any call, and again from the banner.
  {
    model: toolRunSyncModel,
    events: [{ type: 'tool.balance', signedIn: true, credits: 1 }, prompts.fox, generate, generate],
  },
  // Image to Image for a visitor: the size fields, Generate asks to sign in; a refused file, the same from the banner.
  {
    model: imageToImageVisitorModel,
    events: [
      { type: 'tool.size', width: 1001, height: 517 },
      { type: 'tool.image', image: IMAGE },
      prompts.fox,
      generate,
      { type: 'tool.fileRejected', message: 'Image is too large. Please choose a smaller image.' },
      { type: 'tool.size', width: 640, height: 480 },
      { type: 'tool.image', image: IMAGE },
      generate,
    ],
  },
  // Person to Person: the main image is required (TOOL-13), then both uploads, the start, the checks,
  // and the balance asked for after the run.
  {
    model: toolRunPersonModel,
    events: [
      prompts.fox,
      { type: 'tool.poseImage', image: POSE },
      generate,
      generate,
      { type: 'tool.image', image: IMAGE },
      generate,
      { type: 'xstate.done.actor.uploadMain', output: { url: '/uploads/main.jpg' } },
      { type: 'xstate.done.actor.uploadPose', output: { url: '/uploads/pose.jpg' } },
      { type: 'xstate.done.actor.request', output: started(4985) },
      { type: 'progress.tick', value: 2 },
      { type: 'xstate.done.actor.poll', output: { ok: true, output: 'https://atelier.test/outputs/person.png' } },
      { type: 'tool.balance', signedIn: true, credits: 5000 },
    ],
  },
  // Person to Person: refused files, a failed upload of either image, the main upload alone once the
  // pose image is removed.
  {
    model: toolRunPersonModel,
    events: [
      { type: 'tool.image', image: IMAGE },
      tooLarge,
      tooLarge,
      { type: 'tool.poseImage', image: POSE },
      prompts.fox,
      generate,
      { type: 'xstate.error.actor.uploadMain', error: silentError },
      generate,
      { type: 'xstate.done.actor.uploadMain', output: { url: '/uploads/main.jpg' } },
      { type: 'xstate.error.actor.uploadPose', error: serverError('Image too large') },
      { type: 'tool.poseImage', image: null },
      generate,
      { type: 'xstate.done.actor.uploadMain', output: { url: '/uploads/main.jpg' } },
    ],
  },
  // Text Generation: a start without an id, a refused start, a failed wait, then the text and Generate Another.
  {
    model: toolRunTextModel,
    events: [
      prompts.fox,
      generate,
      { type: 'xstate.done.actor.request', output: { ok: true, answer: { output: 'not an id' }, attempts: 1 } },
      generate,
      { type: 'xstate.done.actor.request', output: insufficient },
      generate,
      { type: 'xstate.done.actor.request', output: started(4990) },
      { type: 'progress.tick', value: 12 },
      { type: 'xstate.error.actor.wait', error: serverError('Model overloaded') },
      generate,
      { type: 'xstate.done.actor.request', output: started(4985) },
      { type: 'xstate.done.actor.wait', output: { output: 'Once upon a time…' } },
      { type: 'tool.reset' },
    ],
  },
  // Sound Generation: its settings, a refused start, a failed prediction (its credits returned), then the sound;
  // Edit (the settings as sent), the sound again, then Run again refused once the balance falls short (TOOL-43).
  {
    model: toolRunMediaModel,
    events: [
      { type: 'tool.param', name: 'duration', value: 12 },
      prompts.fox,
      generate,
      { type: 'xstate.done.actor.request', output: insufficient },
      { type: 'tool.param', name: 'duration', value: 20 },
      generate,
      { type: 'xstate.done.actor.request', output: started(4992) },
      {
        type: 'xstate.done.actor.poll',
        output: { ok: false, error: { message: 'Generation failed' }, ended: true },
      },
      generate,
      { type: 'xstate.done.actor.request', output: started(4984) },
      { type: 'xstate.done.actor.poll', output: { ok: true, output: 'https://atelier.test/outputs/rain.wav' } },
      { type: 'tool.edit' },
      generate,
      { type: 'xstate.done.actor.request', output: started(4976) },
      { type: 'xstate.done.actor.poll', output: { ok: true, output: 'https://atelier.test/outputs/rain.wav' } },
      { type: 'tool.balance', signedIn: true, credits: 1 },
      { type: 'tool.runAgain' },
    ],
  },
];
