import { createFileRoute } from '@tanstack/react-router';
import { ToolPlaceholder } from '../../features/catalogue/ToolPlaceholder';

export const Route = createFileRoute('/video-models/text-to-video')({
  component: () => <ToolPlaceholder toolKey="text-to-video" />,
});
