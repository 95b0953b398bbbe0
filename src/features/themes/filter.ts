import type { ThemePreset } from '../../themes/presets';

/** Case-insensitive match on the label, name and description of a preset. */
export function filterThemes(list: readonly ThemePreset[], query: string): ThemePreset[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...list];
  return list.filter(
    (p) => p.label.toLowerCase().includes(q) || p.name.includes(q) || p.description.toLowerCase().includes(q),
  );
}
