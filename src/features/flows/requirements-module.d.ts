/** The product rules and the test titles that cite them, bundled at build time (scripts/bundled-requirements.ts). */
declare module 'virtual:atelier-requirements' {
  import type { Citation, Requirement } from '../../../tools/flows/requirements/parse';
  export const requirements: Requirement[];
  export const citations: Citation[];
}
