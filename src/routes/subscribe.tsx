import { createFileRoute } from '@tanstack/react-router';
import { useCheckout } from '../app/checkout';
import { returnInput, useCheckoutReturn } from '../app/checkout-return';
import { checkoutReturnSearch } from '../features/billing/checkout-search';
import { PlansPage } from '../features/billing/PlansPage';

export const Route = createFileRoute('/subscribe')({ validateSearch: checkoutReturnSearch, component: SubscribeRoute });

// The screen starts its checkout, and its return flow with the search it was loaded with; leaving stops both.
function SubscribeRoute() {
  const returned = useCheckoutReturn(returnInput(Route.useSearch()));
  return <PlansPage checkout={useCheckout()} returned={returned} />;
}
