import { createContext, type RouterContext } from "react-router";

/** Per-request values the Express layer hands to React Router (see server/app.ts). */
export interface RequestInfo {
  /** CSP nonce for inline scripts of this response. */
  nonce: string;
  requestId: string;
  /** Client address as Express sees it (trust proxy: loopback). */
  ip?: string;
  /** Set by the game page's loader: the game shown, so a cached copy of the page can count its view. */
  pageGameId?: number;
}

// server/ and the bundled server build each load this module; contexts are
// matched by identity, so the one instance lives on globalThis.
const KEY = Symbol.for("savepoint.requestInfoContext");
type WithContext = typeof globalThis & { [KEY]?: RouterContext<RequestInfo> };
const g = globalThis as WithContext;

export const requestInfoContext: RouterContext<RequestInfo> = (g[KEY] ??= createContext<RequestInfo>({
  nonce: "",
  requestId: "",
}));
