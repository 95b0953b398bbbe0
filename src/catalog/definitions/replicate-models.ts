/**
 * How each Replicate tool runs its model: the pinned version (community models, created with
 * `POST /v1/predictions` and `version`) or the official model (`POST /v1/models/{owner}/{name}/predictions`),
 * the product's parameters (the calls' inputs) mapped to the model's own inputs, and where its output file is.
 * Each version's input and output schema is kept in tests/fixtures/models/<owner>__<name>.json.
 * A file input is given here by its field name; the provider puts an address Replicate can fetch in its place.
 */
import type { ReplicateModel, RunInput } from '../tool-types';

type Value = RunInput[string] | undefined;

const text = (v: Value, fallback = ''): string => (typeof v === 'string' && v.trim() ? v.trim() : fallback);
const num = (v: Value): number | undefined =>
  typeof v === 'number' && Number.isFinite(v)
    ? v
    : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))
      ? Number(v)
      : undefined;
const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));
const int = (v: Value, fallback: number, min: number, max: number): number =>
  clamp(Math.round(num(v) ?? fallback), min, max);
const real = (v: Value, fallback: number, min: number, max: number): number => clamp(num(v) ?? fallback, min, max);
/** A seed the model takes, when the run has one. */
const seed = (input: RunInput, name = 'seed') =>
  num(input['seed']) !== undefined ? { [name]: int(input['seed'], 0, 0, 2147483647) } : {};
/** An optional file field, present only when the run has it. */
const file = (input: RunInput, from: string, to = from) => (text(input[from]) ? { [to]: { file: from } } : {});

/** The SDXL schedulers both SDXL predictors list (Lightning adds DPM++2MSDE). */
const SDXL_SCHEDULERS = [
  'DDIM',
  'DPMSolverMultistep',
  'HeunDiscrete',
  'KarrasDPM',
  'K_EULER_ANCESTRAL',
  'K_EULER',
  'PNDM',
];
const scheduler = (v: Value) => (typeof v === 'string' && SDXL_SCHEDULERS.includes(v) ? v : 'K_EULER');

/** FLUX's aspect ratios: the run's own ratio when it is one, else the nearest to its width and height. */
const FLUX_RATIOS = ['1:1', '16:9', '21:9', '3:2', '2:3', '4:5', '5:4', '3:4', '4:3', '9:16', '9:21'];
function fluxRatio(input: RunInput): string {
  const given = text(input['aspect_ratio']);
  if (FLUX_RATIOS.includes(given)) return given;
  const w = num(input['width']);
  const h = num(input['height']);
  if (!w || !h) return '1:1';
  const value = (r: string) => {
    const [a, b] = r.split(':').map(Number);
    return Math.abs(Math.log(a! / b! / (w / h)));
  };
  return FLUX_RATIOS.reduce((best, r) => (value(r) < value(best) ? r : best), '1:1');
}

/** AudioLDM's durations: 2.5 s steps up to 20 s, written as the predictor's strings. */
const LDM_DURATIONS = ['2.5', '5.0', '7.5', '10.0', '12.5', '15.0', '17.5', '20.0'];

export const replicateModels = {
  'text-to-image': {
    version: '5599ed30703defd1d160a25a63321b4dec97101d98b4674bcc56e41f62f35637',
    input: (p) => ({
      prompt: text(p['prompt']),
      negative_prompt: text(p['negative_prompt']),
      width: int(p['width'], 1024, 256, 1280),
      height: int(p['height'], 1024, 256, 1280),
      num_outputs: 1,
      scheduler: scheduler(p['scheduler']),
      num_inference_steps: int(p['num_inference_steps'], 4, 1, 10),
      guidance_scale: real(p['guidance_scale'], 0, 0, 50),
      ...seed(p),
    }),
    output: 'list',
  },
  'image-to-image': {
    official: true,
    input: (p) => ({
      prompt: text(p['prompt']),
      image: { file: 'image' },
      aspect_ratio: fluxRatio(p),
      prompt_strength: real(p['prompt_strength'], 0.8, 0, 1),
      num_outputs: 1,
      output_format: 'png',
      ...(typeof p['go_fast'] === 'boolean' ? { go_fast: p['go_fast'] } : {}),
      ...seed(p),
    }),
    output: 'list',
  },
  'text-to-advertisement': {
    version: '39ed52f2a78e934b3ba6e2a89f5b1c712de7dfea535525255b1aa35c5565e08b',
    // SDXL has no style presets: the advertising style is written into the prompt.
    input: (p) => ({
      prompt: `${text(p['prompt'])}, professional advertising photograph, studio lighting, product shot`,
      negative_prompt: text(p['negative_prompt']),
      width: int(p['width'], 1024, 256, 2048),
      height: int(p['height'], 1024, 256, 2048),
      num_outputs: 1,
      scheduler: scheduler(p['scheduler']),
      num_inference_steps: int(p['num_inference_steps'], 25, 1, 500),
      guidance_scale: real(p['guidance_scale'], 7.5, 1, 50),
      ...seed(p),
    }),
    output: 'list',
  },
  'person-to-person': {
    version: '2e4785a4d80dadf580077b2244c8d7c05d8e3faac04a04c02d8e099dd2876789',
    input: (p) => ({
      image: { file: 'image' },
      ...file(p, 'pose_image'),
      prompt: text(p['prompt'], 'a person'),
      num_outputs: 1,
      output_format: 'png',
    }),
    output: 'list',
  },
  'restore-image': {
    version: '0fbacf7afc6c144e5be9767cff80f25aff23e52b0708f17e20f9879b2f21516c',
    input: () => ({ img: { file: 'image' }, version: 'v1.4', scale: 2 }),
    output: 'url',
  },
  'text-to-video': {
    version: '1e205ea73084bd17a0a3b43396e49ba0d6bc2e754e9283b2df49fad2dcf95755',
    input: (p) => ({
      prompt: text(p['prompt']),
      num_frames: int(p['num_frames'], 14, 8, 48),
      fps: int(p['fps'], 6, 1, 24),
      num_inference_steps: 50,
      ...seed(p),
    }),
    output: 'url',
  },
  'image-to-video': {
    version: '5821a338d00033abaaba89080a17eb8783d9a17ed710a6b4246a18e0900ccad4',
    // The model makes its frames at its own rate (8 a second) and has no fps input: the length asks for that many
    // seconds at 8 frames a second, and the server re-times the clip to the run's fps with ffmpeg (frameRate).
    input: (p) => ({
      image: { file: 'image' },
      prompt: text(p['prompt'], 'natural, gentle motion, the scene comes to life'),
      max_frames: int(int(p['length'], 4, 1, 10) * 8, 16, 8, 64),
      guidance_scale: 9,
      num_inference_steps: 50,
      ...seed(p),
    }),
    frameRate: (p) => int(p['fps'], 24, 1, 30),
    output: 'url',
  },
  // Trim, speed and filter are edits of the clip's own frames: the server does them with ffmpeg.
  'video-editing': 'server',
  '3d-gen': {
    version: 'e8f6c45206993f297372f5436b90350817bd9b4a0d52d2a76df50c1c8afa2b3c',
    input: (p) => {
      const quality = text(p['quality'], 'high');
      return {
        images: [{ file: 'image' }],
        generate_model: true,
        texture_size: quality === 'low' ? 512 : quality === 'medium' ? 1024 : 2048,
        mesh_simplify: quality === 'low' ? 0.98 : quality === 'medium' ? 0.95 : 0.9,
        ...seed(p),
      };
    },
    output: { field: 'model_file' },
  },
  musicgen: {
    version: '671ac645ce5e552cc63a54a2bbff63fcf798043055d2dac5fc9e36a837eedcfb',
    input: (p) => ({
      prompt: text(p['prompt']),
      model_version: 'stereo-large',
      duration: int(p['duration'], 30, 1, 60),
      output_format: 'wav',
      normalization_strategy: 'loudness',
    }),
    output: 'url',
  },
  audioldm: {
    version: 'b61392adecdd660326fc9cfc5398182437dbe5e97b5decfb36e1a36de68b5b95',
    // The model makes at most 20 s, in 2.5 s steps: the nearest it can.
    input: (p) => ({
      text: text(p['prompt']),
      duration: LDM_DURATIONS[int(real(p['duration'], 10, 1, 30) / 2.5, 4, 1, 8) - 1]!,
      guidance_scale: real(p['guidance_scale'], 3.5, 1, 10),
      n_candidates: 3,
      ...seed(p, 'random_seed'),
    }),
    output: 'url',
  },
  bark: {
    version: 'b76242b40d67c76ab6742e987628a2a9ac019e11d56ab96c4e91ce03b79b2787',
    // The product names Bark's v2 presets (v2/en_speaker_6); the predictor lists them without the prefix.
    input: (p) => ({
      prompt: text(p['prompt']),
      history_prompt: text(p['history_prompt'], 'v2/en_speaker_6').replace(/^v2\//, ''),
      text_temp: 0.7,
      waveform_temp: 0.7,
    }),
    output: { field: 'audio_out' },
  },
} as const satisfies Record<string, ReplicateModel | 'server'>;
