// Types for guard.mjs (the launcher's security gate), so TypeScript tests can import it.
export declare const UNAUTHORIZED_MESSAGE: string;
export declare const SECURITY_HEADERS: Readonly<Record<string, string>>;
export declare function newToken(): string;
export declare function cookieNameFor(port: number | string): string;
export declare function allowedHosts(port: number | string): Set<string>;
export declare function tokensEqual(given: unknown, expected: unknown): boolean;
export declare function parseCookies(header: unknown): Map<string, string>;
export type GuardRequest = { method?: string; url?: string; headers: Record<string, string | string[] | undefined> };
export type GuardVerdict =
  | { action: "next" }
  | { action: "respond"; status: number; headers: Record<string, string>; body: string };
export declare function decide(request: GuardRequest, options: { token: string; port: number }): GuardVerdict;
