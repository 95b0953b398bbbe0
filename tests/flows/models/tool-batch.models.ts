/**
 * Flow model of a tool page's batch of prompts (RUNS-16 to RUNS-18) on Text to Image (8 credits a prompt):
 * the switch, the prompts (none, two, eleven), the balance (a visitor, 10 credits, plenty), the shared
 * settings, and the start call's answers. The key is a constant, so the graph and the live replay agree.
 */
import { batchCostMessage } from '../../../src/catalog';
import { toolByKey } from '../../../src/catalog/tools';
import { toolBatchMachine } from '../../../src/flows/tools/tool-batch.machine';
import { promptsOf, type ToolBatchContext } from '../../../src/flows/tools/tool-batch.types';
import { defineModel } from '../model-paths';
import { serverError, silentError } from './fixtures';
import { BATCH_KEY, twoEnded, twoStarted, twoWorking } from '../../../src/flows/tools/tools.examples';

export const texts = {
  blank: '  \n\n   ',
  two: 'a lighthouse at dusk\n\n  a fox in the snow  ',
  eleven: Array.from({ length: 11 }, (_, i) => `prompt ${i + 1}`).join('\n'),
};

const balances = {
  visitor: { type: 'batch.balance' as const, signedIn: false, credits: 0 },
  poor: { type: 'batch.balance' as const, signedIn: true, credits: 10 },
  rich: { type: 'batch.balance' as const, signedIn: true, credits: 5000 },
};

/** What decides the path: how many prompts (none, within the cap, over it), the session, a kept key, a message. */
const key = (c: ToolBatchContext) => {
  const count = promptsOf(c.text).length;
  return [
    count === 0 ? 'none' : count > 10 ? 'many' : 'some',
    c.signedIn,
    c.credits >= count * c.tool.cost,
    c.key !== null,
    c.error !== null,
    c.tiles.map((t) => t.status).join(),
  ];
};

export const toolBatchModel = defineModel({
  machine: toolBatchMachine,
  input: { tool: toolByKey('text-to-image'), signedIn: true, credits: 5000, newKey: () => BATCH_KEY },
  events: {
    'batch.toggle': [{ type: 'batch.toggle' }],
    'batch.text': [
      { type: 'batch.text', text: texts.blank },
      { type: 'batch.text', text: texts.two },
      { type: 'batch.text', text: texts.eleven },
    ],
    'batch.start': [{ type: 'batch.start' }],
    'batch.balance': [balances.visitor, balances.poor, balances.rich],
    'batch.shared': [{ type: 'batch.shared', input: { width: 768, height: 1344 } }],
    // RUNS-24: the tray lists the batch's runs working, then ended; Download all.
    'batch.runs': [
      { type: 'batch.runs', runs: twoWorking },
      { type: 'batch.runs', runs: twoEnded },
    ],
    'batch.zip': [{ type: 'batch.zip' }],
  },
  actors: {
    startBatch: {
      done: [twoStarted],
      error: [serverError(batchCostMessage(16, 10), { status: 402 }), silentError],
    },
  },
  context: key,
});
