/**
 * A voice preset's short sample (TOOL-51): the preset speaking VOICE_PREVIEW_TEXT, made by the offline speech
 * task (eSpeak NG) in the worker pool on its first request and kept by this instance (deps.voicePreviews), so
 * every later request answers at once; nothing is downloaded. A failed attempt is not kept.
 */
import type { AppDeps } from '../context';
import { VOICE_PREVIEW_TEXT, voicePresets } from '../../src/catalog';
import { PoolBusyError } from '../workers/pool';

export const voiceNotFoundMessage = 'No such voice.';
export const voiceBusyMessage = 'The voice preview could not be made right now. Try again in a moment.';

export type VoicePreview =
  | { readonly ok: true; readonly bytes: Uint8Array }
  | { readonly ok: false; readonly status: 404 | 502 | 503; readonly message: string };

/** The sample of the voice whose preset ends in `speaker` ('en_speaker_6' for v2/en_speaker_6). */
export async function voicePreview(
  deps: Pick<AppDeps, 'pool' | 'voicePreviews' | 'log'>,
  speaker: string,
): Promise<VoicePreview> {
  const preset = voicePresets.find((v) => v.value.split('/').pop() === speaker)?.value;
  if (!preset) return { ok: false, status: 404, message: voiceNotFoundMessage };
  let sample = deps.voicePreviews.get(preset);
  if (!sample) {
    sample = deps.pool.run('audio.voice', { text: VOICE_PREVIEW_TEXT, preset });
    deps.voicePreviews.set(preset, sample);
    sample.catch(() => deps.voicePreviews.delete(preset));
  }
  try {
    return { ok: true, bytes: await sample };
  } catch (error) {
    deps.log(`voice preview ${preset}: ${error instanceof Error ? error.message : String(error)}`);
    return { ok: false, status: error instanceof PoolBusyError ? 503 : 502, message: voiceBusyMessage };
  }
}
