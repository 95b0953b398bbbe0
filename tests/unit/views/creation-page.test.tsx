/**
 * A creation's own page (CREATIONS-18) in a test actor system, the real creations flow over fake endpoints: titled by
 * its prompt, with Previous and Next in My creations' order and the arrow keys.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { CreationDetail } from '../../../src/api/schemas';
import { creationsFlow } from '../../../src/flows/creations/creations.effects';
import { creationHeading } from '../../../src/flows/creations/creations.machine';
import { CreationsPage } from '../../../src/features/creations/CreationsPage';
import { creation } from '../../../src/flows/creations/creations.examples';
import { fakeApi, fakeEndpoints, proUser, renderWithRouter, startSession } from './helpers';

async function renderCreation(shown: CreationDetail) {
  const { navigateTo } = await startSession({ endpoints: fakeEndpoints(proUser), token: 'saved' });
  const api = { getCreation: vi.fn(async () => shown) };
  await renderWithRouter(<CreationsPage flow={creationsFlow.with({ api: fakeApi(api) })} id={shown.id} />);
  return { navigateTo };
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe("a creation's page", () => {
  it('CREATIONS-18: is titled by its prompt, in its heading and the document title', async () => {
    await renderCreation({ ...creation('c2', { prompt: 'calm piano at dawn' }), previous: null, next: null });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('calm piano at dawn');
    await waitFor(() => expect(document.title).toBe('calm piano at dawn — Atelier'));
    // Alone in My creations: no Previous or Next.
    expect(screen.queryByRole('navigation', { name: 'Other creations' })).toBeNull();
  });

  it('CREATIONS-18: Previous and Next open the runs beside it; ← and → too, but not while typing', async () => {
    const { navigateTo } = await renderCreation({ ...creation('c2'), previous: 'c3', next: 'c1' });
    const nav = await screen.findByRole('navigation', { name: 'Other creations' });
    const previous = screen.getByRole('link', { name: '← Previous' });
    expect(nav.contains(previous)).toBe(true);
    expect(previous.getAttribute('href')).toBe('/creations/c3');
    expect(screen.getByRole('link', { name: 'Next →' }).getAttribute('href')).toBe('/creations/c1');
    fireEvent.click(screen.getByRole('link', { name: 'Next →' }));
    expect(navigateTo).toHaveBeenLastCalledWith('/creations/c1');
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(navigateTo).toHaveBeenLastCalledWith('/creations/c3');
    navigateTo.mockClear();
    const field = document.body.appendChild(document.createElement('input'));
    fireEvent.keyDown(field, { key: 'ArrowRight' });
    fireEvent.keyDown(document.body, { key: 'ArrowRight', altKey: true });
    expect(navigateTo).not.toHaveBeenCalled();
    field.remove();
  });

  it('CREATIONS-18: the newest has only Next; a key toward no run does nothing', async () => {
    const { navigateTo } = await renderCreation({ ...creation('c3'), previous: null, next: 'c2' });
    await screen.findByRole('link', { name: 'Next →' });
    expect(screen.queryByRole('link', { name: '← Previous' })).toBeNull();
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it('CREATIONS-18: a long prompt is cut at a word; no prompt: the tool name', () => {
    const long =
      'a very long prompt about a lighthouse on a cliff at night with waves crashing under a full moon and gulls';
    const heading = creationHeading({ prompt: long, title: 'Text to Image' });
    expect(heading.length).toBeLessThanOrEqual(80);
    expect(heading).toBe('a very long prompt about a lighthouse on a cliff at night with waves crashing…');
    expect(creationHeading({ prompt: '  two\nlines  ', title: 'Text to Image' })).toBe('two lines');
    expect(creationHeading({ prompt: null, title: '3D Generation' })).toBe('3D Generation');
  });
});
