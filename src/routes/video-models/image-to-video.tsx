import { createFileRoute } from '@tanstack/react-router';
import { ToolPlaceholder } from '../../features/catalogue/ToolPlaceholder';

export const Route = createFileRoute('/video-models/image-to-video')({
  component: () => <ToolPlaceholder toolKey="image-to-video" />,
});
