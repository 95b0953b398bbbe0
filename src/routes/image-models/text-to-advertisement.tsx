import { createFileRoute } from '@tanstack/react-router';
import { ToolPlaceholder } from '../../features/catalogue/ToolPlaceholder';

export const Route = createFileRoute('/image-models/text-to-advertisement')({
  component: () => <ToolPlaceholder toolKey="text-to-advertisement" />,
});
