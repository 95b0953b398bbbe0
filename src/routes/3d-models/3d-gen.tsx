import { createFileRoute } from '@tanstack/react-router';
import { ToolPage } from '../../features/tools/ToolPage';

export const Route = createFileRoute('/3d-models/3d-gen')({ component: () => <ToolPage toolKey="3d-gen" /> });
