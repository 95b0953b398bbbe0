import { createFileRoute } from '@tanstack/react-router';
import { ToolPage } from '../../features/tools/ToolPage';
import { toolSearch } from '../../features/tools/tool-search';

// The page starts its tool run; leaving the page stops it and aborts what is in flight.
export const Route = createFileRoute('/image-models/image-to-image')({
  ...toolSearch,
  component: () => <ToolPage toolKey="image-to-image" />,
});
