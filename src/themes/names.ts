/** Every theme preset name of spec §9, in the spec's order. The server validates against this list. */
export const themeNames = [
  'light', 'dark', 'cosmic', 'eighties', 'princess', 'cocky', 'sunset', 'rasta', 'forest', 'ocean',
  'desert', 'nordic', 'autumn', 'spring', 'mint', 'lavender', 'coral', 'coffee', 'berry', 'slate',
  'emerald', 'ruby', 'amber', 'indigo', 'charleston', 'velvet', 'moroccan', 'midnight', 'bamboo', 'glacier',
  'terra', 'plum', 'marine', 'iris', 'juniper', 'rustic', 'sahara', 'arctic', 'byzantium', 'zen',
  'orchid', 'aegean', 'tuscany', 'jade', 'rose', 'crimson', 'sage', 'azure', 'graphite', 'rainforest',
  'pharaoh', 'sakura', 'deepspace', 'cypress', 'obsidian', 'garnet', 'nautical', 'bronze', 'alpine', 'aubergine',
] as const;

export type ThemeName = (typeof themeNames)[number];

export const defaultTheme: ThemeName = 'dark';
export const themeStorageKey = 'theme';

export function isThemeName(value: unknown): value is ThemeName {
  return typeof value === 'string' && (themeNames as readonly string[]).includes(value);
}
