import { createFileRoute } from '@tanstack/react-router';
import { ToolPlaceholder } from '../../features/catalogue/ToolPlaceholder';

export const Route = createFileRoute('/text-models/text-to-text')({
  component: () => <ToolPlaceholder toolKey="text-to-text" />,
});
