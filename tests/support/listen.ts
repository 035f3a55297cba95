import http from "node:http";

/** Serves `handler` on a free port of 127.0.0.1; resolves with the server and its base URL. */
export async function listenLocally(handler: http.RequestListener): Promise<{ server: http.Server; base: string }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  return { server, base: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}` };
}
