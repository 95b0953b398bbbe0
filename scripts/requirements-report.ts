/**
 * Writes coverage/requirements.md and .json: each product rule with its states, the transitions into
 * them, its tests, and whether the path tests (coverage/flows.json) walked them. `npm run requirements:report`;
 * `npm test` runs it at its end.
 */
import { machines } from '../src/flows';
import { writeRequirementsReport } from '../tools/flows/requirements/report';

const report = writeRequirementsReport(machines);
const walked = report.filter((r) => r.walked === 'walked').length;
console.log(`requirements: ${report.length} rules, ${walked} walked by the path tests → coverage/requirements.md`);
