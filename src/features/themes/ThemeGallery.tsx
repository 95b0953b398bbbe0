import { useState } from 'react';
import type { ThemeName } from '../../themes/names';
import { themePresets, type ThemePreset } from '../../themes/presets';
import * as buttons from '../../components/ui/button/button.css';
import * as page from '../../components/ui/page/page.css';
import { filterThemes } from './filter';
import * as styles from './ThemeGallery.css';

function Preview({ preset }: { preset: ThemePreset }) {
  const c = preset.colors;
  return (
    <div className={styles.preview} style={{ background: c.background }} aria-hidden="true">
      <div className={styles.previewSidebar} style={{ background: c.sidebar }}>
        <span className={styles.previewLine} style={{ background: c.text }} />
        <span className={styles.previewLine} style={{ background: c.textSecondary }} />
        <span className={styles.previewLine} style={{ background: c.textSecondary }} />
      </div>
      <div className={styles.previewMain}>
        <div className={styles.previewCard} style={{ background: c.card, borderColor: c.border }}>
          <span className={styles.previewLine} style={{ background: c.text, width: '70%' }} />
          <span className={styles.previewLine} style={{ background: c.textSecondary, width: '90%' }} />
          <span className={styles.previewButton} style={{ background: c.button }} />
        </div>
      </div>
    </div>
  );
}

export interface ThemeGalleryProps {
  active: ThemeName;
  onApply: (name: ThemeName) => void;
}

/** The /themes gallery (THEME-7). The query is view state; choosing goes to the theme machine. */
export function ThemeGallery({ active, onApply }: ThemeGalleryProps) {
  const [query, setQuery] = useState('');
  const shown = filterThemes(themePresets, query);
  return (
    <div className={page.page}>
      <header className={page.header}>
        <p className={page.eyebrow}>Personalise</p>
        <h1 className={page.title}>Themes</h1>
        <p className={page.lead}>Pick a colour theme for the whole app. It is applied at once and remembered.</p>
      </header>
      <input
        type="search"
        className={styles.search}
        placeholder="Search themes..."
        aria-label="Search themes"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {shown.length === 0 ? (
        <p className={styles.empty} role="status">
          No themes found
        </p>
      ) : (
        <ul className={styles.grid} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {shown.map((preset) => {
            const isActive = preset.name === active;
            return (
              <li
                key={preset.name}
                className={styles.card}
                data-active={isActive}
                data-testid="theme-card"
                data-theme-name={preset.name}
              >
                <Preview preset={preset} />
                <div className={styles.body}>
                  <h2 className={styles.name}>{preset.label}</h2>
                  <p className={styles.description}>{preset.description}</p>
                  <div className={styles.footer}>
                    <span className={styles.swatches} aria-hidden="true">
                      {[preset.colors.background, preset.colors.card, preset.colors.button, preset.colors.accent].map(
                        (colour, i) => (
                          <span key={i} className={styles.swatch} style={{ background: colour }} />
                        ),
                      )}
                    </span>
                    {isActive ? (
                      <span className={styles.active}>Active</span>
                    ) : (
                      <button
                        type="button"
                        className={`${buttons.button.primary} ${buttons.small}`}
                        onClick={() => onApply(preset.name)}
                        aria-label={`Apply ${preset.label}`}
                      >
                        Apply
                      </button>
                    )}
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
