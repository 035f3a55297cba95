/**
 * The one shape of an expected failure: services return a Result instead of throwing, with the
 * user-facing message and the HTTP status a route should answer with. Only bugs throw.
 */
export type Result<T = void> = { ok: true; data: T } | Failure;

/** An expected failure; `fieldErrors` names the form fields the message belongs to, when it is about input. */
export type Failure = { ok: false; status: number; error: string; fieldErrors?: Record<string, string> };

export function ok<T>(data: T): Result<T>;
export function ok(): Result<void>;
export function ok<T>(data?: T): Result<T | undefined> {
  return { ok: true, data };
}

export function fail(status: number, error: string, fieldErrors?: Record<string, string>): Failure {
  return fieldErrors ? { ok: false, status, error, fieldErrors } : { ok: false, status, error };
}
