/**
 * The typed client of clients/typescript (`npm run api:client`): it is what the generator writes from
 * the published document today, and a script written against it goes register → verify → login →
 * credits → a text generation → My creations.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as sdk from '../../clients/typescript';
import { createClient, createConfig } from '../../clients/typescript/client';
import { clientDir, generateClient } from '../../scripts/api-client';
import type { OutboxEntry } from '../../server/services/mail';
import { embedded, json, setupApp } from './helpers';

const filesOf = (dir: string): Record<string, string> =>
  Object.fromEntries(
    (fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[])
      .filter((f) => fs.statSync(path.join(dir, f)).isFile())
      .sort()
      .map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8')]),
  );

describe('the typed client', () => {
  const t = setupApp('pglite');

  it('is current: generating it from the published document gives the committed files', async () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-client-'));
    try {
      await generateClient(await json(await t.request('/api/openapi.json')), out);
      expect(filesOf(out), 'run `npm run api:client` and commit clients/typescript').toEqual(filesOf(clientDir));
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
});

for (const backend of embedded) {
  describe(`a script on the typed client (${backend})`, () => {
    const t = setupApp(backend);

    it('registers, verifies, signs in, reads the credits, runs a text generation and finds it in My creations', async () => {
      const session: { token?: string } = {};
      const client = createClient(
        createConfig({
          baseUrl: 'http://localhost:3000',
          fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise.resolve(t.app.request(input, init)),
          auth: () => session.token,
        }),
      );
      const account = { email: 'script@example.com', password: 'correct horse' };

      const registered = await sdk.register({ client, body: account, throwOnError: true });
      expect(registered.data.email).toBe(account.email);

      const [mail] = await json<OutboxEntry[]>(await t.request('/dev/outbox'));
      const verifyToken = mail!.links[0]!.split('/').pop()!;
      await sdk.verifyEmail({ client, path: { token: verifyToken }, throwOnError: true });

      session.token = (await sdk.login({ client, body: account, throwOnError: true })).data.token;
      const { credits } = (await sdk.getCredits({ client, throwOnError: true })).data;
      expect(credits).toBeGreaterThan(0);

      const started = await sdk.generateText({
        client,
        body: { modelId: 'gpt-4o-mini', input: { prompt: 'A haiku about autumn' } },
        throwOnError: true,
      });
      let prediction = (await sdk.getPrediction({ client, path: { id: started.data.id }, throwOnError: true })).data;
      while (prediction.status === 'starting' || prediction.status === 'processing') {
        await new Promise((resolve) => setTimeout(resolve, 10));
        prediction = (await sdk.getPrediction({ client, path: { id: started.data.id }, throwOnError: true })).data;
      }
      expect(prediction.status).toBe('succeeded');

      const page = (await sdk.listCreations({ client, query: { category: 'Text' }, throwOnError: true })).data;
      expect(page.items.map((c) => c.id)).toEqual([started.data.id]);
      expect(page.items[0]!.prompt).toBe('A haiku about autumn');

      // A refusal is a typed error answer with the server's message.
      const refused = await sdk.getCreation({ client, path: { id: 'no-such-run' } });
      expect(refused.response.status).toBe(404);
      expect(refused.error?.message).toBe('Creation not found');
    });
  });
}
