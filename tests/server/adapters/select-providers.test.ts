import { describe, expect, it } from 'vitest';
import { toolByKey } from '../../../src/catalog';
import { selectProviders } from '../../../server/providers';

const image = toolByKey('text-to-image');
const text = toolByKey('text-to-text');

describe('selectProviders', () => {
  it('uses the local provider when no key is configured', () => {
    const pick = selectProviders({});
    expect(pick(image).name).toBe('local');
    expect(pick(text).name).toBe('local');
    expect(selectProviders({ REPLICATE_API_TOKEN: '  ', OPENAI_API_KEY: '' })(image).name).toBe('local');
  });

  it("uses each tool's provider only when its own key is configured", () => {
    const replicateOnly = selectProviders({ REPLICATE_API_TOKEN: 'r8_x' });
    expect(replicateOnly(image).name).toBe('replicate');
    expect(replicateOnly(text).name).toBe('local');
    const openaiOnly = selectProviders({ OPENAI_API_KEY: 'sk-x' });
    expect(openaiOnly(image).name).toBe('local');
    expect(openaiOnly(text).name).toBe('openai');
    const both = selectProviders({ REPLICATE_API_TOKEN: 'r8_x', OPENAI_API_KEY: 'sk-x' });
    expect([both(image).name, both(text).name]).toEqual(['replicate', 'openai']);
  });

  it('reuses one provider instance per kind', () => {
    const pick = selectProviders({});
    expect(pick(image)).toBe(pick(text));
  });
});
