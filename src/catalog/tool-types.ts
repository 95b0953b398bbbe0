/** The shape of a tool's one definition (src/catalog/definitions): everything true of one tool. */
import type { imageTools } from './definitions/image';
import type { mediaTools } from './definitions/media';
import type { textTools } from './definitions/text';
import type { videoTools } from './definitions/video';
import type { PageText } from './tool-page';
import type { ParamSpec } from './tool-params';
import type { ToolShape } from './tool-rules';

export type Category = 'Image' | 'Video' | 'Text' | '3D' | 'Audio';

/** The two provider kinds: a hosted-model service and a language-model vendor. */
export type Provider = 'replicate' | 'openai';

/**
 * The call of the API's operation table that starts a tool's run, by its operationId (src/api/operations): the
 * catalogue names the operation, never its address. The image tools' waiting call and one prediction start per
 * tool endpoint; the flows' typecheck holds every name to an entry of the table.
 */
export type StartOperation =
  | 'generateImage'
  | 'generatePerson'
  | 'generateRestore'
  | 'generateVideo'
  | 'generateText'
  | 'generateCode'
  | 'generateImageToText'
  | 'generate3d'
  | 'generateMusic'
  | 'generateSound'
  | 'generateVoice';

/** What kind of file a run produces; the offline provider and the result views read it. */
export type OutputKind = 'image' | 'video' | 'text' | 'code' | 'model3d' | 'audio';

/** Every tool's key, as its definition writes it: adding a definition adds its key. */
export type ToolKey =
  | (typeof imageTools)[number]['key']
  | (typeof videoTools)[number]['key']
  | (typeof textTools)[number]['key']
  | (typeof mediaTools)[number]['key'];

export type ToolParams = Readonly<Record<string, string | number | boolean>>;

/** A run's input as the server keeps it: defaults, the caller's parameters, prompt, uploaded files' paths. */
export type RunInput = Readonly<Record<string, string | number | boolean | null>>;

/** A file of the run (`image`, `pose_image`, `video`) put in a model's input; the provider sends its address. */
export interface ModelFile {
  readonly file: string;
}
export type ModelInputValue = string | number | boolean | ModelFile | readonly ModelFile[];

/**
 * A tool's model at Replicate: a community model by its pinned version (`POST /v1/predictions`), or an
 * official model by its name (`POST /v1/models/{owner}/{name}/predictions`); the product's parameters mapped to
 * the model's own inputs; where its output is: one URL, a list of URLs, or a named field of an object.
 */
export type ReplicateModel = (
  { readonly version: string; readonly official?: never } | { readonly official: true; readonly version?: never }
) & {
  readonly input: (params: RunInput) => Readonly<Record<string, ModelInputValue>>;
  readonly output: 'url' | 'list' | { readonly field: string };
  /**
   * The frame rate the run asked for, when the model has no such input and makes its frames at its own rate:
   * the server re-times the model's clip to it with ffmpeg, keeping its length.
   */
  readonly frameRate?: (params: RunInput) => number;
};

/** One tool, as written once in src/catalog/definitions. */
export interface ToolDefinition<K extends string = ToolKey> {
  readonly key: K;
  /** The model identifier at the provider. */
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly path: string;
  readonly modelCost: number;
  readonly provider: Provider;
  /** A Replicate tool's model (its version, inputs and output), or 'server' for a tool the server runs itself (ffmpeg). */
  readonly replicate?: ReplicateModel | 'server';
  readonly category: Category;
  readonly defaultParams: ToolParams;
  /** The operation that starts its run. */
  readonly startOperation: StartOperation;
  readonly output: OutputKind;
  /** Its call, required inputs and messages, retry rule and polling (tool-rules.ts). */
  readonly run: ToolShape;
  /** The parameters shown as controls, with their ranges (tool-params.ts). */
  readonly params: readonly ParamSpec[];
  /** Labels, placeholders, button words and result view (tool-page.ts). */
  readonly page: PageText;
}

export interface Tool<K extends string = ToolKey> extends ToolDefinition<K> {
  /** Illustration shipped in public/tools. */
  readonly image: string;
  /** Credits for one run, always derived from modelCost. */
  readonly cost: number;
}
