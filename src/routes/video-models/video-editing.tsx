import { createFileRoute } from '@tanstack/react-router';
import { ToolPlaceholder } from '../../features/catalogue/ToolPlaceholder';

export const Route = createFileRoute('/video-models/video-editing')({
  component: () => <ToolPlaceholder toolKey="video-editing" />,
});
