import { createFileRoute } from '@tanstack/react-router';
import { ToolPage } from '../../features/tools/ToolPage';

export const Route = createFileRoute('/video-models/text-to-video')({
  component: () => <ToolPage toolKey="text-to-video" />,
});
