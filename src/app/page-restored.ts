/**
 * A page the browser left for a provider's page (the hosted checkout, the customer portal) and shows again
 * from its back-forward cache still says it is leaving; this tells its flow the browser is back.
 */

/** Calls `back` each time `target` shows the page again from the back-forward cache; returns the unsubscribe. */
export function onPageRestored(back: () => void, target: Window = window): () => void {
  const onShow = (event: PageTransitionEvent) => {
    if (event.persisted) back();
  };
  target.addEventListener('pageshow', onShow);
  return () => target.removeEventListener('pageshow', onShow);
}
