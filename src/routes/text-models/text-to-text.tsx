import { createFileRoute } from '@tanstack/react-router';
import { ToolPage } from '../../features/tools/ToolPage';
import { toolSearch } from '../../features/tools/tool-search';

// The page starts its tool run; leaving the page stops it and aborts what is in flight.
export const Route = createFileRoute('/text-models/text-to-text')({
  ...toolSearch,
  component: () => <ToolPage toolKey="text-to-text" />,
});
