import { createFileRoute } from '@tanstack/react-router';
import { ToolPage } from '../../features/tools/ToolPage';
import { toolSearch } from '../../features/tools/tool-search';

export const Route = createFileRoute('/video-models/text-to-video')({
  ...toolSearch,
  component: () => <ToolPage toolKey="text-to-video" />,
});
