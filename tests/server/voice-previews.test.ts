/**
 * TOOL-51: each voice preset's preview is a short WAV the offline speech task makes in the worker pool on the
 * first request and this instance keeps; an unknown voice answers 404 with a message.
 */
import { describe, expect, it } from 'vitest';
import { voicePresets } from '../../src/catalog';
import { voicePreviewAddress } from '../../src/api/operations/addresses';
import type { WorkerPool } from '../../server/workers/pool';
import { embedded, json, setupApp, sharedTestPool } from './helpers';

for (const backend of embedded) {
  describe(`voice previews (${backend})`, () => {
    const made: string[] = [];
    const t = setupApp(backend, {
      pool: () => {
        const pool = sharedTestPool();
        // Counts the speech tasks the instance runs; everything else goes to the shared pool as it is.
        return new Proxy(pool, {
          get(target, key, receiver) {
            if (key !== 'run') return Reflect.get(target, key, receiver) as unknown;
            return ((name: string, input: { preset?: string }, options?: unknown) => {
              if (name === 'audio.voice') made.push(String(input.preset));
              return (target.run as (...args: unknown[]) => unknown)(name, input, options);
            }) as WorkerPool['run'];
          },
        });
      },
    });

    it('TOOL-51: a voice’s preview is a WAV made once, then served from what the instance kept', async () => {
      expect(voicePreviewAddress('v2/en_speaker_3')).toBe('/voice-previews/en_speaker_3.wav');
      const first = await t.request('/voice-previews/en_speaker_3.wav');
      expect(first.status).toBe(200);
      expect(first.headers.get('content-type')).toBe('audio/wav');
      const bytes = Buffer.from(await first.arrayBuffer());
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(bytes.subarray(8, 12).toString('latin1')).toBe('WAVE');
      // A second of speech or more, and no more than a few seconds.
      expect(bytes.length).toBeGreaterThan(22_050);
      expect(bytes.length).toBeLessThan(22_050 * 2 * 10);

      const again = await t.request('/voice-previews/en_speaker_3.wav');
      expect(Buffer.from(await again.arrayBuffer())).toEqual(bytes);
      expect(made).toEqual(['v2/en_speaker_3']);

      // Another voice is its own sample.
      const other = await t.request(voicePreviewAddress(voicePresets[0]!.value));
      expect(other.status).toBe(200);
      expect(Buffer.from(await other.arrayBuffer())).not.toEqual(bytes);
      expect(made).toEqual(['v2/en_speaker_3', 'v2/en_speaker_0']);
    });

    it('TOOL-51: an unknown voice answers 404 with a message, and nothing is made', async () => {
      const before = made.length;
      for (const path of ['/voice-previews/en_speaker_10.wav', '/voice-previews/narrator.wav']) {
        const answer = await t.request(path);
        expect(answer.status).toBe(404);
        expect(await json(answer)).toEqual({ message: expect.any(String) as string });
      }
      expect(made.length).toBe(before);
    });
  });
}
