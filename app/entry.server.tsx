import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { requestInfoContext } from "~/context.server";

export const streamTimeout = 5_000;

/**
 * Documents are rendered whole, then sent as one body. The pages have no deferred data (every loader is
 * awaited before rendering starts), so streaming would send the same bytes in many small writes; one
 * buffer costs a fraction of the CPU (one compression call, one socket write, no stream plumbing per
 * chunk) — the bulk of a signed-in page's server time was spent moving React's chunks through streams.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce } = loadContext.get(requestInfoContext);
  return new Promise<Response>((resolve, reject) => {
    let shellReady = false;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, callback) {
        chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
        callback();
      },
      final(callback) {
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      onShellReady() {
        shellReady = true;
      },
      onAllReady() {
        pipe(sink);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        // Before the shell: the page failed (500). After it: a boundary React renders again in the
        // browser; the page itself is fine, so the status stays and the error is logged.
        if (!shellReady) responseStatusCode = 500;
        else console.error(error);
      },
    });
    setTimeout(abort, streamTimeout + 1000).unref();
  });
}
