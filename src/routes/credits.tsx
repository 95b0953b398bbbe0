import { createFileRoute } from '@tanstack/react-router';
import { PacksPage } from '../features/billing/PacksPage';

export const Route = createFileRoute('/credits')({ component: PacksPage });
