import { createFileRoute } from '@tanstack/react-router';
import { ToolPage } from '../../features/tools/ToolPage';

export const Route = createFileRoute('/video-models/video-editing')({
  component: () => <ToolPage toolKey="video-editing" />,
});
