import { createFileRoute } from '@tanstack/react-router';
import { ToolPage } from '../../features/tools/ToolPage';

export const Route = createFileRoute('/audio-models/audioldm')({
  component: () => <ToolPage toolKey="audioldm" />,
});
