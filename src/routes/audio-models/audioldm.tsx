import { createFileRoute } from '@tanstack/react-router';
import { ToolPlaceholder } from '../../features/catalogue/ToolPlaceholder';

export const Route = createFileRoute('/audio-models/audioldm')({
  component: () => <ToolPlaceholder toolKey="audioldm" />,
});
