// Types for start.mjs (the launcher), so TypeScript tests can import its build check.
export declare function buildReason(root?: string, distDir?: string): string | null;
export declare function launch(argv?: string[], options?: { cwd?: string }): Promise<void>;
