// Types for build-cli.mjs (the CLI build), so TypeScript tests can import it.
export declare const CLI_BUILD_DIR: string;
export declare function cliBuildReason(root?: string, outDir?: string): string | null;
export declare function ensureCliBuild(options?: { root?: string; outDir?: string; log?: (line: string) => void }): Promise<string>;
