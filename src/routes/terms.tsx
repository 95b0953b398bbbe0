import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../features/legal/LegalPage';
import { terms } from '../features/legal/documents';

export const Route = createFileRoute('/terms')({ component: () => <LegalPage doc={terms} /> });
