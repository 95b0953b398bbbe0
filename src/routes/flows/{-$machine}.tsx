import { createFileRoute } from '@tanstack/react-router';
import { FlowsPage } from '../../features/flows/FlowsPage';
import { flowsSearchSchema } from '../../features/flows/search-schema';

export const Route = createFileRoute('/flows/{-$machine}')({
  validateSearch: flowsSearchSchema,
  component: FlowsRoute,
});

function FlowsRoute() {
  const { machine } = Route.useParams();
  const { state, fold, focus, path } = Route.useSearch();
  return (
    <FlowsPage
      key={machine ?? ''}
      machine={machine ?? null}
      state={state ?? ''}
      fold={fold ?? ''}
      focus={focus ?? ''}
      path={path ?? ''}
    />
  );
}
