import { createFileRoute } from '@tanstack/react-router';
import { ToolPlaceholder } from '../../features/catalogue/ToolPlaceholder';

export const Route = createFileRoute('/image-models/person-to-person')({
  component: () => <ToolPlaceholder toolKey="person-to-person" />,
});
