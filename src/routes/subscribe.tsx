import { createFileRoute } from '@tanstack/react-router';
import { PlansPage } from '../features/billing/PlansPage';

export const Route = createFileRoute('/subscribe')({ component: PlansPage });
