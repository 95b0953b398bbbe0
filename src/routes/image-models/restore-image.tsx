import { createFileRoute } from '@tanstack/react-router';
import { ToolPlaceholder } from '../../features/catalogue/ToolPlaceholder';

export const Route = createFileRoute('/image-models/restore-image')({
  component: () => <ToolPlaceholder toolKey="restore-image" />,
});
