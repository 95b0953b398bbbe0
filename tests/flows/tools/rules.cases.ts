/**
 * The pure parts of a tool run: the error texts, the retry rule, the presets and the size rule, the
 * bodies, the parameters and each definition's rules. Included by tools.flows.test.ts.
 */
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { aspectPreset, aspectPresets, roundSize } from '../../../src/flows/tools/aspect';
import { generationBody } from '../../../src/flows/tools/body';
import {
  AD_BUSY,
  AD_HIGH_LOAD,
  AD_UNAVAILABLE,
  GENERATION_FAILED,
  REQUEST_TIMED_OUT,
  TOOK_TOO_LONG,
  generationErrorText,
  isRetryable,
  toToolError,
} from '../../../src/flows/tools/errors';
import { toolRunMachine } from '../../../src/flows/tools/tool-run.machine';
import { sizeRule } from '../../../src/catalog/sizes';
import { acceptParam, defaultParamValues } from '../../../src/catalog/tool-params';
import { inputProblem } from '../../../src/catalog/tool-checks';
import { toolByKey, tools, type ToolKey } from '../../../src/catalog/tools';
import { serverError } from '../models/fixtures';
import { runInput } from '../models/tools.models';
import { IMAGE } from '../../../src/flows/tools/tools.examples';
import { recordTransitions } from './run.harness';

const defaults = (key: ToolKey) => defaultParamValues(toolByKey(key).params, toolByKey(key).defaultParams);

describe('generation error texts', () => {
  it.each([
    ['image', { message: 'Insufficient credits', status: 402 }, 'Insufficient credits'],
    ['image', { message: '' }, 'Failed to generate image. Please try again.'],
    ['restore', { message: '' }, 'Failed to restore image. Please try again.'],
    ['generic', { message: '' }, GENERATION_FAILED],
    ['image', { message: 'Gateway', status: 504 }, REQUEST_TIMED_OUT],
    ['text', { message: 'aborted', name: 'AbortError' }, TOOK_TOO_LONG],
    ['advertisement', { message: 'x', name: 'TimeoutError' }, TOOK_TOO_LONG],
    ['advertisement', { message: 'Unexpected token \'<\', "<html>" is not valid JSON' }, AD_HIGH_LOAD],
    ['advertisement', { message: 'Gateway', status: 504 }, AD_BUSY],
    [
      'image',
      { message: 'The model is busy', status: 504, nothingCharged: true },
      `${REQUEST_TIMED_OUT} Nothing was charged.`,
    ],
    [
      'advertisement',
      { message: 'The model is busy', status: 504, nothingCharged: true },
      `${AD_BUSY} Nothing was charged.`,
    ],
    ['advertisement', { message: 'An error occurred upstream', status: 500 }, AD_UNAVAILABLE],
    ['advertisement', { message: 'Insufficient credits', status: 402 }, 'Failed to generate image. Please try again.'],
  ] as const)('TOOL-28, TOOL-29, TOOL-30, TOOL-44: %s %j → %s', (wording, error, text) => {
    expect(generationErrorText(error, wording)).toBe(text);
  });

  it('normalises what effects throw', () => {
    expect(toToolError(serverError('Nope', { status: 409 }))).toEqual({ message: 'Nope', status: 409 });
    expect(toToolError(new DOMException('aborted', 'AbortError'))).toEqual({ message: 'aborted', name: 'AbortError' });
    expect(toToolError(undefined)).toEqual({ message: '' });
    expect(toToolError(serverError('The model is busy', { status: 504, nothingCharged: true }))).toEqual({
      message: 'The model is busy',
      status: 504,
      nothingCharged: true,
    });
  });

  it('TOOL-26: retries time-outs everywhere, 504 and aborts only on the advertisement page', () => {
    expect(isRetryable({ message: 'Request timed out' }, false)).toBe(true);
    expect(isRetryable({ message: 'x', name: 'TimeoutError' }, false)).toBe(true);
    expect(isRetryable({ message: 'Gateway', status: 504 }, false)).toBe(false);
    expect(isRetryable({ message: 'Gateway', status: 504 }, true)).toBe(true);
    expect(isRetryable({ message: 'aborted', name: 'AbortError' }, true)).toBe(true);
    expect(isRetryable({ message: 'Bad prompt', status: 400 }, true)).toBe(false);
  });
});

describe('aspect presets and bodies', () => {
  it('TOOL-36, TOOL-37: both readings, by the size rule', () => {
    expect(aspectPresets('general').map((p) => `${p.name} ${p.width}x${p.height}`)).toEqual([
      'Square 1024x1024',
      'Portrait 832x1216',
      'Landscape 1216x832',
      'Mobile 768x1344',
      'Wide 1344x768',
      'Classic 1024x768',
    ]);
    expect(aspectPresets('advertisement').map((p) => `${p.width}x${p.height}`)).toEqual([
      '1024x1024',
      '832x1248',
      '1248x832',
      '768x1360',
      '1360x768',
      '1024x768',
    ]);
    expect(aspectPreset('general', 'Nope')).toBeUndefined();
    // The server's rule on both sides: multiples of 8 within 64–2048.
    expect(roundSize(7, 1023)).toEqual({ width: 64, height: 1016 });
    expect(roundSize(2050, 2047)).toEqual({ width: 2048, height: 2040 });
    expect([sizeRule(1365), sizeRule(63), sizeRule(9999)]).toEqual([1360, 64, 2048]);
  });

  it('TOOL-33, TOOL-35: text to image sends its defaults, the prompt, the size and the ratio to /api/generate/image', () => {
    const tool = toolByKey('text-to-image');
    const body = generationBody({
      tool,
      shape: tool.run,
      prompt: 'a fox',
      image: null,
      poseImage: null,
      aspect: 'Portrait',
      width: 832,
      height: 1216,
      uploaded: { image: null, poseImage: null },
      params: {},
    });
    expect(body).toEqual({
      provider: 'replicate',
      modelId: tool.id,
      cost: tool.cost,
      input: { ...tool.defaultParams, prompt: 'a fox', width: 832, height: 1216, aspect_ratio: '2:3' },
    });
  });

  it('TOOL-35: the video, audio and 3D tools start at their default parameters and keep each control in its range', () => {
    const run = createActor(toolRunMachine, {
      inspect: recordTransitions,
      input: runInput('audioldm', { signedIn: true, credits: 5000 }),
    }).start();
    expect(run.getSnapshot().context.params).toEqual({ duration: 10, guidance_scale: 3.5 });
    run.send({ type: 'tool.param', name: 'duration', value: 99 });
    run.send({ type: 'tool.param', name: 'guidance_scale', value: 4.3 });
    run.send({ type: 'tool.param', name: 'unknown', value: 1 });
    expect(run.getSnapshot().context.params).toEqual({ duration: 30, guidance_scale: 4.5 });
    run.stop();
    expect(defaults('text-to-video')).toEqual({ num_frames: 14, fps: 6 });
    expect(defaults('image-to-video')).toEqual({ length: 4, fps: 24 });
    expect(defaults('musicgen')).toEqual({ duration: 30 });
    expect(defaults('bark')).toEqual({ history_prompt: 'v2/en_speaker_6' });
    expect(defaults('3d-gen')).toEqual({ quality: 'high' });
    expect(acceptParam(toolByKey('bark').params, 'history_prompt', 'v2/en_speaker_11')).toBeNull();
    expect(acceptParam(toolByKey('3d-gen').params, 'quality', 'medium')).toBe('medium');
  });

  it('video editing sends its clip as input.video with the chosen edit', () => {
    const tool = toolByKey('video-editing');
    const body = generationBody({
      tool,
      shape: tool.run,
      prompt: 'make it old',
      image: 'data:video/mp4;base64,AAAA',
      poseImage: null,
      aspect: null,
      width: 1024,
      height: 1024,
      uploaded: { image: null, poseImage: null },
      params: { edit: 'trim', start: 0.5, end: 1.5 },
    });
    expect(body.input).toEqual({
      prompt: 'make it old',
      video: 'data:video/mp4;base64,AAAA',
      edit: 'trim',
      start: 0.5,
      end: 1.5,
    });
    expect(inputProblem(tool.run, { prompt: 'x', image: null })).toBeNull();
  });

  it('every catalogue tool has a call shape and form rules', () => {
    expect(inputProblem(toolByKey('person-to-person').run, { prompt: '', image: IMAGE })).toBeNull();
    expect(toolByKey('restore-image').run).toMatchObject({ call: 'poll', poll: { intervalMs: 2000, attempts: 60 } });
    expect(toolByKey('image-to-text').run).toMatchObject({ call: 'wait', poll: { intervalMs: 1000, attempts: 180 } });
    expect(toolByKey('text-to-advertisement').run).toMatchObject({
      call: 'single',
      retryOn504: true,
      timeoutMs: 45_000,
    });
    // Only the advertisement retries a 504: its definition says so, not its key.
    expect(tools.filter((t) => t.run.retryOn504).map((t) => t.key)).toEqual(['text-to-advertisement']);
  });
});
