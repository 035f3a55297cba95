/**
 * Error details for the full-page error screen. React reports the component
 * stack to hydrateRoot's onCaughtError (entry.client.tsx); we keep the last one
 * per error so "Copy Error Details" can include it.
 */
const stacks = new WeakMap<object, string>();

export function rememberComponentStack(error: unknown, componentStack: string | undefined): void {
  if (error && typeof error === "object" && componentStack) stacks.set(error, componentStack);
}

export function componentStackOf(error: unknown): string {
  return error && typeof error === "object" ? (stacks.get(error) ?? "") : "";
}

export function newErrorId(): string {
  const rand = Math.random().toString(36).slice(2, 8).toUpperCase();
  return `ERR-${Date.now().toString(36).toUpperCase()}-${rand}`;
}

export interface ErrorDetails {
  errorId: string;
  message: string;
  stack: string;
  componentStack: string;
  timestamp: string;
  userAgent: string;
  url: string;
}

export function describeError(error: unknown, errorId: string): ErrorDetails {
  const err = error instanceof Error ? error : new Error(typeof error === "string" ? error : "Unknown error");
  return {
    errorId,
    message: err.message,
    stack: err.stack ?? "",
    componentStack: componentStackOf(error),
    timestamp: new Date().toISOString(),
    userAgent: typeof navigator === "undefined" ? "" : navigator.userAgent,
    url: typeof location === "undefined" ? "" : location.href,
  };
}

export function formatErrorDetails(d: ErrorDetails): string {
  return [
    `Error ID: ${d.errorId}`,
    `Message: ${d.message}`,
    `Timestamp: ${d.timestamp}`,
    `URL: ${d.url}`,
    `User agent: ${d.userAgent}`,
    "",
    "Stack:",
    d.stack,
    "",
    "Component stack:",
    d.componentStack || "(not available)",
  ].join("\n");
}
