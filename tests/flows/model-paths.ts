/** The flow models' types and their paths: shared with the flows documents (stories), so they live in src. */
export * from '../../src/features/flows/documents/model-paths';
