import { createFileRoute } from '@tanstack/react-router';
import { useCheckout } from '../app/checkout';
import { returnInput, useCheckoutReturn } from '../app/checkout-return';
import { checkoutReturnSearch } from '../features/billing/checkout-search';
import { PacksPage } from '../features/billing/PacksPage';

export const Route = createFileRoute('/credits')({ validateSearch: checkoutReturnSearch, component: CreditsRoute });

// The screen starts its checkout, and its return flow with the search it was loaded with; leaving stops both.
function CreditsRoute() {
  const returned = useCheckoutReturn(returnInput(Route.useSearch()));
  return <PacksPage checkout={useCheckout()} returned={returned} />;
}
