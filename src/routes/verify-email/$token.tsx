import { createFileRoute } from '@tanstack/react-router';
import { VerifyEmailPage } from '../../features/auth/VerifyEmailPage';

export const Route = createFileRoute('/verify-email/$token')({ component: VerifyEmailRoute });

function VerifyEmailRoute() {
  const { token } = Route.useParams();
  // A new token is a new check: remount the page.
  return <VerifyEmailPage key={token} token={token} />;
}
