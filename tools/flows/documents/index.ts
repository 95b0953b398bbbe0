/** The flows documents as the page and the scripts use them: exports, the graph model and its diffs. */
export {
  exportMachine,
  FORMATS,
  FORMAT_NAMES,
  isFormat,
  type ExportedFile,
  type ExportOptions,
  type Format,
} from './export';
export { graphOf, guardOf, actionOf, type GraphState, type GraphTransition, type MachineGraph } from './model';
export { diffGraph, diffGraphs, diffText, type Change, type MachineDiff } from './diff';
