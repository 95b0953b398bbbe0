import { createFileRoute } from '@tanstack/react-router';
import { ToolPlaceholder } from '../../features/catalogue/ToolPlaceholder';

export const Route = createFileRoute('/image-models/image-to-image')({
  component: () => <ToolPlaceholder toolKey="image-to-image" />,
});
