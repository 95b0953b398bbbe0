import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../features/legal/LegalPage';
import { privacy } from '../features/legal/documents';

export const Route = createFileRoute('/privacy')({ component: () => <LegalPage doc={privacy} /> });
