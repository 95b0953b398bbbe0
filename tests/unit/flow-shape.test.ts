/**
 * Every short-lived flow is built by the one helper (defineFlow, src/flows/shared/flow.effects.ts) in its
 * folder's effects file (src/flows/<area>/x.effects.ts): the flows are listed here by name, each carries the
 * helper's brand and its machine's id, and no other module of src/app or src/flows gives a machine its effects
 * by hand. The long-lived actors (root, session, theme, runs tray) are the exceptions the list names.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { flowContext } from '../../src/app/flow-context';
import { isFlow } from '../../src/flows/shared/flow.effects';
import { checkoutFlow } from '../../src/flows/billing/billing.effects';
import { fakeEndpoints, freeUser, startSession } from './views/helpers';

const modules = import.meta.glob<Record<string, unknown>>('../../src/flows/**/*.effects.ts', { eager: true });

/** The flows of src/flows, by export name, and the machine each runs. */
const flows: Record<string, string> = {
  verifyEmailFlow: 'verifyEmail',
  forgotPasswordFlow: 'forgotPassword',
  resetPasswordFlow: 'resetPassword',
  changeEmailFlow: 'changeEmail',
  changePasswordFlow: 'changePassword',
  deleteAccountFlow: 'deleteAccount',
  cancelSubscriptionFlow: 'cancelSubscription',
  billingPortalFlow: 'billingPortal',
  checkoutFlow: 'checkout',
  checkoutReturnFlow: 'checkoutReturn',
  creditHistoryFlow: 'creditHistory',
  creditCsvFlow: 'creditCsv',
  spendingFlow: 'spending',
  creationShareFlow: 'creationShare',
  creationsFlow: 'creations',
  compareFlow: 'compare',
  refineFlow: 'refine',
  starFlow: 'star',
  collectionsFlow: 'collections',
  collectionFlow: 'collection',
  toolRunFlow: 'toolRun',
  toolBatchFlow: 'toolBatch',
  promptHistoryFlow: 'promptHistory',
  promptStylesFlow: 'promptStyles',
  enhanceFlow: 'enhance',
  clearPromptHistoryFlow: 'clearPromptHistory',
};

/** The helper and the hook, not flows. */
const helpers = ['defineFlow', 'useFlow', 'isFlow'];

/** Where src/app and src/flows may still call `.provide(` themselves: the helper, the root actor and its long-lived actors. */
const providesByHand = [
  'src/flows/shared/flow.effects.ts',
  'src/app/create-app.ts',
  'src/app/inert.ts',
  'src/flows/session/session.effects.ts',
  'src/flows/theme/theme.effects.ts',
  'src/flows/runs/runs.effects.ts',
  'src/app/runs.ts',
  // The tool run's children (request, poll, progress) get their effects with the run's (toolRunImplementations).
  'src/flows/tools/tool-effects.ts',
];

/** A file's text without its comment lines. */
const code = (text: string) =>
  text
    .split('\n')
    .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line))
    .join('\n');

describe('one helper builds every flow', () => {
  it('lists the flows of src/flows, each made by defineFlow with its machine id', () => {
    const found: Record<string, string> = {};
    for (const exports of Object.values(modules)) {
      for (const [name, value] of Object.entries(exports)) {
        if (!name.endsWith('Flow') || helpers.includes(name)) continue;
        expect(isFlow(value), `${name} is made by defineFlow`).toBe(true);
        if (isFlow(value)) found[name] = value.id;
      }
    }
    expect(found).toEqual(flows);
  });

  it('no other module of src/app or src/flows gives a machine its effects by hand', () => {
    const byHand = ['src/app', 'src/flows']
      .flatMap((dir) =>
        readdirSync(join(process.cwd(), dir), { recursive: true, encoding: 'utf8' }).map((f) => `${dir}/${f}`),
      )
      .filter(
        (file) => /\.tsx?$/.test(file) && code(readFileSync(join(process.cwd(), file), 'utf8')).includes('.provide('),
      );
    expect(byHand.filter((file) => !providesByHand.includes(file))).toEqual([]);
  });

  it('a flow reaches the API through its context (one way), read when an effect runs', async () => {
    const createSubscription = vi.fn(async () => ({ sessionId: 'cs_1', url: 'https://pay.example/cs_1' }));
    const assign = vi.fn();
    const flow = checkoutFlow.with({
      api: async () => ({ createSubscription }) as never,
      window: () => ({ location: { assign } }) as never,
    });
    const actor = createActor(flow.create(flowContext(null))).start();
    actor.send({ type: 'checkout.subscribe', planId: 'pro', billingCycle: 'monthly' });
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/cs_1'));
    expect(createSubscription).toHaveBeenCalledWith({ planId: 'pro', billingCycle: 'monthly' });
    actor.stop();
  });

  it('a flow built without an app says so when an effect reaches for it', () => {
    expect(() => flowContext(null).session()).toThrow('This flow needs an <AppProvider> around the view');
    expect(() => flowContext(null).navigate({ to: '/' })).toThrow('needs an <AppProvider>');
  });
});

describe("a balance announced from outside the app: the window's 'creditsUpdated' (CREDITS-3)", () => {
  it('the test system forwards it to the session as the app does (its browser event source)', async () => {
    const { session } = await startSession({ endpoints: fakeEndpoints(freeUser), token: 't' });
    window.dispatchEvent(new CustomEvent('creditsUpdated', { detail: { credits: 321 } }));
    expect(session.getSnapshot().context.user?.credits).toBe(321);
  });
});
