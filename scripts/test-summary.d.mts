export declare const REPLAY_PREFIX: string;

interface AssertionResult {
  ancestorTitles?: string[];
  status: string;
}

export interface JsonReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults?: Array<{ assertionResults?: AssertionResult[] }>;
}

export declare function summary(report: JsonReport): string[];
