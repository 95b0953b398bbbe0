import { createFileRoute } from '@tanstack/react-router';
import { ToolPage } from '../../features/tools/ToolPage';
import { toolSearch } from '../../features/tools/tool-search';

export const Route = createFileRoute('/video-models/image-to-video')({
  ...toolSearch,
  component: () => <ToolPage toolKey="image-to-video" />,
});
