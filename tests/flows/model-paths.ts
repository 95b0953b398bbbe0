/** The flow models' types and their paths: shared with the flows documents (stories), so they live in tools/flows. */
export * from '../../tools/flows/documents/model-paths';
