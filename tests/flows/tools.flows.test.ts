/**
 * A tool run: the model walks of the four machines, then the REAL composed machine
 * (withToolEffects with test effects, fake timers) on the paths a user meets, in ./tools by
 * subject (calls, form, rules). The actors of the real cases record every transition they take
 * (XState's inspect), and after all of them (afterAll, whatever their order) the file fails unless
 * they took every transition of toolRun, toolRequest, toolPoll and toolProgress; the model walks
 * (describeFlows) replay the machines against their own transition function and are not counted.
 */
import { describeFlows } from './harness';
import {
  toolPollModel,
  toolProgressModel,
  toolRequestAdModel,
  toolRunMediaModel,
  toolRunPersonModel,
  toolRunSyncModel,
  toolRunTextModel,
} from './models/tools.models';
import { checkToolCoverage, withToolRunTimers } from './tools/run.harness';
import './tools/calls.cases';
import './tools/draft.cases';
import './tools/follow.cases';
import './tools/form.cases';
import './tools/rules.cases';
import './tools/results.cases';

describeFlows('toolRun (sync: text to image)', toolRunSyncModel);
describeFlows('toolRun (upload, start, poll: person to person)', toolRunPersonModel);
describeFlows('toolRun (start, then poll every second: text generation)', toolRunTextModel);
describeFlows('toolRun (parameters, start, poll: sound generation)', toolRunMediaModel);
describeFlows('toolRequest', toolRequestAdModel);
describeFlows('toolPoll', toolPollModel);
describeFlows('toolProgress', toolProgressModel);

// ---------- the real machine, with test effects: the cases of ./tools, imported above ----------

withToolRunTimers();
// After every case of this file, in whatever order they ran.
checkToolCoverage();
