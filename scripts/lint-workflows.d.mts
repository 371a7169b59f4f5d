/** Types of lint-workflows.mjs, for its test (test/packaging/workflows-lint.test.ts). */
export interface WorkflowFinding {
  file: string;
  line: number;
  column: number;
  kind: string;
  message: string;
}
export declare function workflowFiles(dir?: string): string[];
export declare function lintWorkflow(text: string, file: string): Promise<WorkflowFinding[]>;
export declare function formatFinding(f: WorkflowFinding): string;
