import type { TestProject } from 'vitest/node';
import { makeTemplateArchive } from '../../scripts/db-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated empty database as a PGlite archive: each test file's in-memory database starts from it. */
    pgliteArchive: string;
  }
}

export default async function setup(project: TestProject) {
  project.provide('pgliteArchive', await makeTemplateArchive());
}
