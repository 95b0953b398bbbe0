import { createFileRoute } from '@tanstack/react-router';
import { ToolPage } from '../../features/tools/ToolPage';

export const Route = createFileRoute('/audio-models/musicgen')({
  component: () => <ToolPage toolKey="musicgen" />,
});
