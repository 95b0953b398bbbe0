import { createFileRoute } from '@tanstack/react-router';
import { VerifyEmailPage } from '../../features/auth/VerifyEmailPage';

export const Route = createFileRoute('/verify-email/')({ component: () => <VerifyEmailPage token={null} /> });
