/**
 * The one shape of an expected failure: services return a Result instead of throwing, with the
 * user-facing message and the HTTP status a route should answer with. Only bugs throw.
 */
export type Result<T = void> = { ok: true; data: T } | { ok: false; status: number; error: string };

export function ok<T>(data: T): Result<T>;
export function ok(): Result<void>;
export function ok<T>(data?: T): Result<T | undefined> {
  return { ok: true, data };
}

export function fail(status: number, error: string): { ok: false; status: number; error: string } {
  return { ok: false, status, error };
}
