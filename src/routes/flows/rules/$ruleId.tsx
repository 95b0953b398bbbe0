import { createFileRoute } from '@tanstack/react-router';
import { RulePage } from '../../../features/flows/RulePage';

export const Route = createFileRoute('/flows/rules/$ruleId')({
  component: RuleRoute,
});

function RuleRoute() {
  const { ruleId } = Route.useParams();
  return <RulePage key={ruleId} ruleId={ruleId} />;
}
