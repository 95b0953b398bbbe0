import { createFileRoute } from '@tanstack/react-router';
import { ToolPlaceholder } from '../../features/catalogue/ToolPlaceholder';

export const Route = createFileRoute('/3d-models/3d-gen')({ component: () => <ToolPlaceholder toolKey="3d-gen" /> });
