export declare const usage: string;

export interface ParsedArgs {
  /** The PATHS_* variables the flags set. */
  env: Record<string, string>;
  /** The test files to run (the groups that hold the machines asked for, or the whole folder). */
  files: string[];
  /** vitest's own arguments: `-t <pattern>` for --path. */
  args: string[];
  help: boolean;
  /** --report: print the report's address, run nothing. */
  report: boolean;
}

export declare function parseArgs(argv: string[], groups: Record<string, string[]>): ParsedArgs;
export declare function pathGroupsOf(source: string): Record<string, string[]>;
export declare function titlePattern(title: string): string;
export declare function reportDirOf(env: Record<string, string | undefined>): string;
export declare function reportAddress(env: Record<string, string | undefined>, cwd?: string): string;
export declare function usageWith(groups: Record<string, string[]>): string;
