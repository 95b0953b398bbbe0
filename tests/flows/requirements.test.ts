/**
 * docs/requirements.md against what serves it: every rule is served by a machine state or transition
 * (its `facts({ rules })`) or a test that cites it in its title, and nothing cites an ID the document lacks.
 */
import { describe, expect, it } from 'vitest';
import { machines } from '../../src/flows';
import {
  parseRequirements,
  readRequirements,
  servingOf,
  testCitations,
} from '../../tools/flows/requirements/requirements';

describe('product rules (docs/requirements.md)', () => {
  const requirements = readRequirements();

  it('lists rules, each ID once, under the heading of its area', () => {
    expect(requirements.length).toBeGreaterThan(100);
    const ids = requirements.map((r) => r.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(requirements.filter((r) => !r.id.startsWith(`${r.area}-`)).map((r) => r.id)).toEqual([]);
  });

  it('every ID used in a machine state, a transition or a test title is one of the document', () => {
    expect(servingOf(machines).unknown).toEqual([]);
  });

  it('every rule is served by a machine state or transition, or by a test that cites it', () => {
    const unserved = servingOf(machines)
      .served.filter((r) => !r.text.includes('_(withdrawn)_'))
      .filter((r) => r.states.length === 0 && r.transitions.length === 0 && r.tests.length === 0)
      .map((r) => `${r.id}: ${r.text}`);
    expect(unserved).toEqual([]);
  });

  it('reads rules, their areas and test titles as written', () => {
    const doc = '## Things (THING)\n\n- **THING-1**: one\n- **THING-2**: two\n## Other (OTHER)\n- **OTHER-1**: three\n';
    expect(parseRequirements(doc)).toEqual([
      { id: 'THING-1', area: 'THING', text: 'one' },
      { id: 'THING-2', area: 'THING', text: 'two' },
      { id: 'OTHER-1', area: 'OTHER', text: 'three' },
    ]);
    const cited = testCitations(new Set(['AUTH']));
    // A title that starts with rule-shaped words cites them, whatever their area.
    expect(cited.every((c) => c.ids.length > 0 && c.file.startsWith('tests/'))).toBe(true);
    expect(cited.some((c) => c.ids.includes('AUTH-7'))).toBe(true);
  });
});
