/**
 * npm run stripe:sync — creates the plans' and packs' products and prices at Stripe once (by lookup key);
 * running it again changes nothing unless src/catalog changed. Needs STRIPE_SECRET_KEY (and STRIPE_API_BASE
 * for a sandbox proxy or a fake), read from the environment like the server's settings.
 */
import { loadConfig } from '../server/config';
import { createStripeClient } from '../server/payments/stripe';
import { syncStripeCatalog } from '../server/payments/stripe-sync';

const config = loadConfig();
if (!config.stripeSecretKey) {
  console.error('stripe:sync needs STRIPE_SECRET_KEY (a test key sk_test_… for a sandbox).');
  process.exit(1);
}
try {
  const result = await syncStripeCatalog(createStripeClient(config.stripeSecretKey, config.stripeApiBase));
  for (const key of result.created) console.log(`created  ${key}`);
  for (const key of result.replaced) console.log(`replaced ${key} (new amount)`);
  for (const key of result.kept) console.log(`kept     ${key}`);
  console.log(`${result.created.length} created, ${result.replaced.length} replaced, ${result.kept.length} unchanged`);
} catch (error) {
  console.error(`stripe:sync failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
