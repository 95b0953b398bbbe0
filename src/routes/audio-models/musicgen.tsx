import { createFileRoute } from '@tanstack/react-router';
import { ToolPage } from '../../features/tools/ToolPage';
import { toolSearch } from '../../features/tools/tool-search';

export const Route = createFileRoute('/audio-models/musicgen')({
  ...toolSearch,
  component: () => <ToolPage toolKey="musicgen" />,
});
