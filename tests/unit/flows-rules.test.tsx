/**
 * The flows viewer's product rules: the build bundles what the requirements report reads (same parser, same
 * citations), the search finds rules by ID and by a word of their text with the states and transitions
 * that serve them, a rule chip shows its text on hover and focus, and loaded coverage reports are checked.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { citations, requirements } from 'virtual:atelier-requirements';
import { machines } from '../../src/flows';
import { toFlowGraph } from '../../tools/flows/graph';
import { readRequirements, servingOf } from '../../tools/flows/requirements/requirements';
import { rulesReport } from '../../src/features/flows/rules';
import { searchFlows } from '../../src/features/flows/search';
import { RuleChip } from '../../src/features/flows/RuleChip';
import { fetchCoverage, parseCoverage } from '../../src/features/flows/coverage-load';
import { renderInRouter } from './router-harness';

const report = rulesReport({ requirements, citations }, null);
const toolRun = toFlowGraph(machines['toolRun']!);

describe('product rules in the flows viewer', () => {
  it('bundles the rules and test citations the requirements report reads', () => {
    expect(requirements).toEqual(readRequirements());
    const served = servingOf(machines).served;
    expect(report.map((r) => [r.id, r.tests.length])).toEqual(served.map((r) => [r.id, r.tests.length]));
    const rule = report.find((r) => r.id === 'TOOL-38')!;
    expect(rule.text).toContain('Your N credits have been returned.');
    expect(rule.states).toContainEqual({ machine: 'toolRun', state: 'toolRun.form.error', walked: null });
    expect(rule.walked).toBe('no path run');
  });

  it('finds a rule by its ID and the states and transitions that serve it', () => {
    const found = searchFlows(toolRun, 'toolRun', 'TOOL-38', report);
    expect(found.rules.map((r) => r.id)).toContain('TOOL-38');
    expect(found.states).toContain('toolRun.form.error');
    expect(found.transitions.length).toBeGreaterThan(0);
    expect(found.transitions.every((t) => t.target === 'toolRun.form.error')).toBe(true);
  });

  it('finds rules by a word of their text, those of the machine first', () => {
    const found = searchFlows(toolRun, 'toolRun', 'refund', report);
    expect(found.rules[0]?.id).toBe('TOOL-38');
    expect(found.rules.map((r) => r.id)).toContain('CHECKOUT-8');
    expect(
      found.transitions.some((t) => t.source === 'toolRun.working.polling' && t.target === 'toolRun.form.error'),
    ).toBe(true);
  });

  it('finds transitions by guard and action names, and nothing for an empty query', () => {
    const byGuard = searchFlows(toolRun, 'toolRun', 'lacksCredits', report);
    expect(byGuard.transitions.map((t) => t.guard)).toContain('lacksCredits');
    const byAction = searchFlows(toolRun, 'toolRun', 'refreshCredits', report);
    expect(byAction.transitions.every((t) => t.actions.includes('refreshCredits'))).toBe(true);
    expect(byAction.transitions.length).toBeGreaterThan(0);
    expect(searchFlows(toolRun, 'toolRun', '  ', report)).toEqual({ rules: [], states: [], transitions: [] });
  });

  it('shows a rule chip’s text on hover and focus, links to its page and hides on Escape', async () => {
    await renderInRouter(() => <RuleChip id="TOOL-38" text="A failed run whose `cost` was refunded" />);
    const link = await screen.findByRole('link', { name: 'TOOL-38' });
    expect(link).toHaveAttribute('href', '/flows/rules/TOOL-38');
    expect(link).toHaveAccessibleDescription('A failed run whose cost was refunded');
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.mouseEnter(link.parentElement!);
    expect(screen.getByRole('tooltip')).toHaveTextContent('A failed run whose cost was refunded');
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.focus(link);
    expect(screen.getByRole('tooltip')).toBeVisible();
  });
});

describe('loading a coverage report', () => {
  const good = { session: { states: 3, transitions: 4, walked: 3, missing: ['a --x--> b'], percent: 75 } };

  it('takes the flows.json a path run writes', () => {
    expect(parseCoverage(JSON.stringify(good))).toEqual({ ok: true, value: good });
  });

  it('says plainly what is wrong with anything else', () => {
    expect(parseCoverage('{nope')).toEqual({
      ok: false,
      message: 'This is not JSON. A coverage report is the flows.json a path run writes.',
    });
    const bad = parseCoverage(JSON.stringify({ session: { ...good.session, missing: 'a' } }));
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.message).toMatch(/^This is not a coverage report .*at session\.missing/);
    expect(parseCoverage('{}')).toMatchObject({ ok: false, message: expect.stringContaining('names no machine') });
  });

  it('fetches one from an address, and says why when it cannot', async () => {
    const answer =
      (body: string, status = 200) =>
      () =>
        Promise.resolve(new Response(body, { status }));
    expect(await fetchCoverage('https://example.com/flows.json', answer(JSON.stringify(good)))).toEqual({
      ok: true,
      value: good,
    });
    expect(await fetchCoverage('https://example.com/flows.json', answer('', 404))).toEqual({
      ok: false,
      message: 'The address answered 404: no report there.',
    });
    expect(await fetchCoverage('ftp://example.com/flows.json', answer(''))).toMatchObject({ ok: false });
    const offline = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await fetchCoverage('https://example.com/flows.json', offline)).toMatchObject({
      ok: false,
      message: expect.stringContaining('Save the report and load the file instead.'),
    });
  });
});
