import { createFileRoute } from '@tanstack/react-router';
import { ToolPlaceholder } from '../../features/catalogue/ToolPlaceholder';

export const Route = createFileRoute('/text-models/image-to-text')({
  component: () => <ToolPlaceholder toolKey="image-to-text" />,
});
