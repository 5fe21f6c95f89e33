/**
 * The one error shape of the API and the CLI: `{ code: "<type>:<surface>", message }`, mapped to an
 * HTTP status here so every route answers alike.
 */
export type ErrorType = "bad_request" | "unauthorized" | "forbidden" | "not_found" | "conflict" | "unavailable" | "internal";

export interface ApiError {
  code: string;
  message: string;
}

const STATUS: Record<ErrorType, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unavailable: 503,
  internal: 500,
};

export class FleetError extends Error {
  constructor(
    readonly type: ErrorType,
    readonly surface: string,
    message: string,
  ) {
    super(message);
    this.name = "FleetError";
  }

  get code(): string {
    return `${this.type}:${this.surface}`;
  }

  get status(): number {
    return STATUS[this.type];
  }

  toJSON(): ApiError {
    return { code: this.code, message: this.message };
  }
}

export function statusOf(type: ErrorType): number {
  return STATUS[type];
}
