/**
 * Each Replicate tool's model as its definition names it (src/catalog/definitions/replicate-models.ts) against
 * the recorded schema of that model (tests/fixtures/models): a community model pins a version, an official one
 * is called by name, and the tool's default input, mapped to the model's inputs, is one the schema accepts.
 */
import { describe, expect, it } from 'vitest';
import { tools } from '../../src/catalog';
import { schemaProblem } from './fakes/model-input';
import { modelSchemas } from './fakes/replicate';

const replicateTools = tools.filter((t) => t.provider === 'replicate');

describe('Replicate models: pinned versions and recorded schemas', () => {
  it.each(replicateTools.map((t) => [t.key, t] as const))('%s names how its model runs', (_key, tool) => {
    expect(tool.replicate, tool.key).toBeDefined();
    if (tool.replicate === 'server') return;
    const schema = modelSchemas.get(tool.id);
    expect(schema?.source, `${tool.id} has a recorded schema with its source`).toMatch(/\w/);
    if (schema?.official) {
      expect(tool.replicate?.official).toBe(true);
    } else {
      // A community model runs only by its version (POST /v1/predictions).
      expect(tool.replicate?.version, `${tool.id} is a community model: it needs a version`).toMatch(/^[0-9a-f]{64}$/);
      expect(tool.replicate?.version).toBe(schema?.version);
    }
  });

  it.each(replicateTools.filter((t) => t.replicate !== 'server').map((t) => [t.key, t] as const))(
    "%s: the default input, mapped, is one the model's schema accepts",
    (_key, tool) => {
      const input = { ...tool.defaultParams, prompt: 'a lighthouse at dusk', image: '/files/uploads/a.png' };
      expect(schemaProblem(tool, input)).toBeUndefined();
    },
  );
});
