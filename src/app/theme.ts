import { createActor } from 'xstate';
import { useSelector } from '@xstate/react';
import { themeMachine } from '../../machines/theme/theme.machine';
import { themeEffects } from '../features/themes/theme-effects';
import type { ThemeName } from '../themes/names';

/** The app's one theme actor. The session work sends it `session.signedIn` / `session.signedOut`. */
export const themeActor = createActor(themeMachine.provide(themeEffects)).start();

export function useThemeName(): ThemeName {
  return useSelector(themeActor, (s) => s.context.theme);
}

export function selectTheme(theme: string): void {
  themeActor.send({ type: 'theme.select', theme });
}
