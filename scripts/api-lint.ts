/**
 * `npm run api:lint`: Redocly's recommended ruleset (@redocly/openapi-core, pinned) over the document the
 * app publishes at /api/openapi.json. Prints each problem and the totals; exits 1 on any error or warning.
 */
import { publishedDocument } from './api-document';
import { describeProblem, lintOpenApi } from './api-lint-core';

const { errors, warnings } = await lintOpenApi(await publishedDocument());
for (const p of [...errors, ...warnings]) console.log(describeProblem(p));
console.log(`/api/openapi.json: ${errors.length} errors, ${warnings.length} warnings (Redocly recommended)`);
process.exitCode = errors.length + warnings.length === 0 ? 0 : 1;
