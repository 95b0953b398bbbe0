/**
 * Comparing creations (COMPARE-1 to COMPARE-8) in a test actor system, the real compare flow over fake endpoints: the
 * slider over two images, side by side, the settings that differ, what is refused, not found or failed; and My
 * creations' Compare action in Select mode.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CreationDetail } from '../../../src/api/schemas';
import { compareFlow } from '../../../src/flows/compare/compare.effects';
import { COMPARE_MISSING } from '../../../src/flows/compare/compare.machine';
import { MIXED_KINDS, TOO_FEW_OR_MANY } from '../../../src/flows/compare/compare-rules';
import { soundCreation, twoImages } from '../../../src/flows/compare/compare.examples';
import { ComparePage } from '../../../src/features/compare/ComparePage';
import { CreationsPage } from '../../../src/features/creations/CreationsPage';
import { creationsFlow } from '../../../src/flows/creations/creations.effects';
import { creation } from '../../../src/flows/creations/creations.examples';
import { fakeApi, fakeEndpoints, proUser, renderWithRouter, startSession } from './helpers';

const byId = (creations: readonly CreationDetail[]) => async (id: string) => {
  const found = creations.find((c) => c.id === id);
  if (!found) throw Object.assign(new Error('Creation not found'), { status: 404 });
  return found;
};

async function renderCompare(ids: string, getCreation: (id: string) => Promise<CreationDetail>) {
  await startSession({ endpoints: fakeEndpoints(proUser), token: 'saved' });
  const api = { getCreation: vi.fn(getCreation) };
  await renderWithRouter(<ComparePage ids={ids} flow={compareFlow.with({ api: fakeApi(api) })} />);
  return api;
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('comparing creations', () => {
  it('COMPARE-4: two images open under the slider; the divider is a labelled range in percent', async () => {
    const api = await renderCompare('c1,c2', byId(twoImages));
    const divider = await screen.findByRole('slider', { name: 'Divider position' });
    expect(api.getCreation.mock.calls.map(([id]) => id)).toEqual(['c1', 'c2']);
    expect((divider as HTMLInputElement).value).toBe('50');
    expect(divider.getAttribute('aria-valuetext')).toBe('50%');
    const top = screen.getByRole('img', { name: /^2\. Text to Image/ });
    expect(top.style.clipPath).toBe('inset(0 0 0 50%)');
    fireEvent.change(divider, { target: { value: '20' } });
    expect(divider.getAttribute('aria-valuetext')).toBe('20%');
    expect(top.style.clipPath).toBe('inset(0 0 0 20%)');
    expect((screen.getByRole('radio', { name: 'Slider' }) as HTMLInputElement).checked).toBe(true);
    expect(document.title).toBe('Compare creations — Atelier');
  });

  it('COMPARE-3/5: side by side: a column each with its name and prompt, Previous and Next for the phone', async () => {
    await renderCompare('c1,c2', byId(twoImages));
    fireEvent.click(await screen.findByRole('radio', { name: 'Side by side' }));
    const list = screen.getByRole('list', { name: 'Side by side' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('link', { name: '1. Text to Image' }).getAttribute('href')).toBe('/creations/c1');
    expect(within(list).getByText('a fox in the snow')).toBeTruthy();
    expect(screen.queryByRole('slider', { name: 'Divider position' })).toBeNull();
    expect(screen.getByText('1 of 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: '← Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next →' }));
    expect(screen.getByText('2 of 2')).toBeTruthy();
  });

  it('COMPARE-6: the settings that differ, a row each and a column per creation', async () => {
    await renderCompare('c1,c2', byId(twoImages));
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Setting1. Text to Image2. Text to Image',
      'Prompta lighthouse at duska fox in the snow',
      'Seed1142',
    ]);
    expect(screen.getByText('All other settings are the same.')).toBeTruthy();
  });

  it('COMPARE-3: sounds play side by side in the app’s player; no slider is offered', async () => {
    const other = { ...soundCreation, id: 'c4', prompt: 'rain' };
    await renderCompare('c3,c4', byId([soundCreation, other]));
    expect(await screen.findByRole('group', { name: '1. Music Generation' })).toBeTruthy();
    expect(screen.getByRole('group', { name: '2. Music Generation' })).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('COMPARE-1/2: refused ids and mixed kinds say why, with the way back', async () => {
    const api = await renderCompare('c1', byId(twoImages));
    expect((await screen.findByRole('alert')).textContent).toBe(TOO_FEW_OR_MANY);
    expect(api.getCreation).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Back to My creations' }).getAttribute('href')).toBe('/creations');
    cleanup();
    await renderCompare('c1,c3', byId([twoImages[0]!, soundCreation]));
    expect((await screen.findByRole('alert')).textContent).toBe(MIXED_KINDS);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('COMPARE-8: a creation not found (another account’s) shows nothing of any of them', async () => {
    await renderCompare('c1,theirs', byId(twoImages));
    expect((await screen.findByRole('alert')).textContent).toBe(COMPARE_MISSING);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByText('a lighthouse at dusk')).toBeNull();
  });

  it('COMPARE-1: a failed read says so; Try again reads again', async () => {
    let fail = true;
    const api = await renderCompare('c1,c2', async (id) => {
      if (fail) throw Object.assign(new Error('Database unavailable'), { status: 500 });
      return byId(twoImages)(id);
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Database unavailable');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('slider', { name: 'Divider position' });
    expect(api.getCreation).toHaveBeenCalledTimes(4);
  });

  it('COMPARE-1: in Select mode, Compare opens the page for 2 to 4 finished creations of one kind, else says why', async () => {
    await startSession({ endpoints: fakeEndpoints(proUser), token: 'saved' });
    const items = [creation('a1'), creation('a2'), creation('i1', { outputKind: 'image', category: 'Image' })];
    const api = { listCreations: vi.fn(async () => ({ items, nextCursor: null })) };
    await renderWithRouter(<CreationsPage flow={creationsFlow.with({ api: fakeApi(api) })} />);
    await screen.findByRole('list', { name: 'Creations' });
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    const bar = screen.getByRole('toolbar', { name: 'Selection' });
    const disabled = within(bar).getByRole('button', { name: 'Compare' }) as HTMLButtonElement;
    expect(disabled.disabled).toBe(true);
    expect(disabled.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(disabled.getAttribute('aria-describedby')!)?.textContent).toBe(TOO_FEW_OR_MANY);
    const boxes = screen.getAllByRole('checkbox');
    fireEvent.click(boxes[0]!);
    fireEvent.click(boxes[1]!);
    const link = await within(bar).findByRole('link', { name: 'Compare' });
    expect(decodeURIComponent(link.getAttribute('href')!)).toBe('/creations/compare?ids=a1,a2');
    fireEvent.click(boxes[2]!);
    await waitFor(() => expect(within(bar).getByRole('button', { name: 'Compare' })).toBeTruthy());
  });
});
