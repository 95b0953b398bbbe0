import { describe, expect, it } from 'vitest';
import { describeFlows, done, scenario } from './harness';
import { sidebarNarrowModel, sidebarWideModel, themeModel } from './models/shell.models';

describeFlows('sidebar (wide)', sidebarWideModel);
describeFlows('sidebar (narrow)', sidebarNarrowModel);
describeFlows('theme', themeModel);

describe('theme effects', () => {
  it('THEME-1, THEME-2: applies the stored theme, then the server one once signed in', async () => {
    const r = await scenario(themeModel, [
      done('readStoredTheme', 'forest'),
      { type: 'session.signedIn' },
      done('loadRemoteTheme', 'sakura'),
    ]);
    expect(r.effects).toEqual([
      { name: 'applyTheme', params: { theme: 'forest' } },
      { name: 'applyTheme', params: { theme: 'sakura' } },
      { name: 'storeTheme', params: { theme: 'sakura' } },
    ]);
  });
  it('THEME-3, THEME-4: ignores unknown names and sends a signed-in choice to the server', async () => {
    const r = await scenario(themeModel, [
      done('readStoredTheme', null),
      { type: 'session.signedIn' },
      done('loadRemoteTheme', null),
      { type: 'theme.select', theme: 'nope' },
      { type: 'theme.select', theme: 'ocean' },
    ]);
    expect(r.effects.filter((e) => e.name === 'storeTheme')).toEqual([
      { name: 'storeTheme', params: { theme: 'ocean' } },
    ]);
    expect(r.started.at(-1)?.input).toEqual({ theme: 'ocean' });
  });
});
