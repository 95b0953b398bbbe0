import { createFileRoute } from '@tanstack/react-router';
import { useTheme, useThemeName } from '../app/provider';
import { ThemeGallery } from '../features/themes/ThemeGallery';

export const Route = createFileRoute('/themes')({ component: ThemesRoute });

function ThemesRoute() {
  const theme = useTheme();
  return <ThemeGallery active={useThemeName()} onApply={(name) => theme.send({ type: 'theme.select', theme: name })} />;
}
