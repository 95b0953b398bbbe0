import { createFileRoute } from '@tanstack/react-router';
import { ToolPlaceholder } from '../../features/catalogue/ToolPlaceholder';

export const Route = createFileRoute('/text-models/code-generation')({
  component: () => <ToolPlaceholder toolKey="code-generation" />,
});
