import { createFileRoute } from '@tanstack/react-router';
import { selectTheme, useThemeName } from '../app/theme';
import { ThemeGallery } from '../features/themes/ThemeGallery';

export const Route = createFileRoute('/themes')({ component: ThemesRoute });

function ThemesRoute() {
  return <ThemeGallery active={useThemeName()} onApply={selectTheme} />;
}
