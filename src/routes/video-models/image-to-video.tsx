import { createFileRoute } from '@tanstack/react-router';
import { ToolPage } from '../../features/tools/ToolPage';

export const Route = createFileRoute('/video-models/image-to-video')({
  component: () => <ToolPage toolKey="image-to-video" />,
});
