export declare const usage: string;

export interface ParsedArgs {
  /** The PATHS_* variables the flags set. */
  env: Record<string, string>;
  /** The test files to run (the groups that hold the machines asked for, or the whole folder). */
  files: string[];
  help: boolean;
}

export declare function parseArgs(argv: string[], groups: Record<string, string[]>): ParsedArgs;
export declare function pathGroupsOf(source: string): Record<string, string[]>;
