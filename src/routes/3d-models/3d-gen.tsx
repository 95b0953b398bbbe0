import { createFileRoute } from '@tanstack/react-router';
import { ToolPage } from '../../features/tools/ToolPage';
import { toolSearch } from '../../features/tools/tool-search';

export const Route = createFileRoute('/3d-models/3d-gen')({
  ...toolSearch,
  component: () => <ToolPage toolKey="3d-gen" />,
});
