import { AsyncLocalStorage } from "node:async_hooks";
import type { Logger } from "pino";

/**
 * Better Auth's log lines, at the level the answer deserves. Better Auth logs some refusals at error
 * level ("Invalid origin: …", "Invalid callbackURL: …", "Failed to parse state", an unknown provider)
 * and wrong passwords at warn: anyone can send those requests, and an error line for each would bury
 * the real failures operators watch for. It cannot say which is which when it logs, but the answer's
 * status can: during a request its lines wait for the answer; a 4xx or a redirect writes them one
 * level lower (error → warn, warn → info) and without the error objects that came with them (no
 * stack traces for a caller's mistake); a 5xx or a thrown error writes them as they came, with the
 * error's message and stack. Lines outside a request (start-up, background work) are written at once.
 */

type Level = "debug" | "info" | "warn" | "error";
interface Line {
  level: Level;
  message: string;
  args: unknown[];
}
interface RequestLog {
  lines: Line[];
  done: boolean;
}

const DEMOTED: Record<Level, Level> = { error: "warn", warn: "info", info: "info", debug: "debug" };

export function betterAuthLog(log: Logger) {
  const current = new AsyncLocalStorage<RequestLog>();

  function write(line: Line, fault: boolean) {
    if (!fault) {
      log[DEMOTED[line.level]]({ source: "better-auth" }, line.message);
      return;
    }
    const err = line.args.find((a): a is Error => a instanceof Error);
    log[line.level]({ source: "better-auth", ...(err ? { err } : {}) }, line.message);
  }

  return {
    /** Better Auth's `logger` option. */
    logger: {
      level: "warn" as const,
      log(level: Level, message: string, ...args: unknown[]) {
        const request = current.getStore();
        if (request && !request.done) request.lines.push({ level, message, args });
        else write({ level, message, args }, true);
      },
    },
    /** Runs one request through Better Auth and writes its lines by the answer's status. */
    async during(run: () => Promise<Response>): Promise<Response> {
      const request: RequestLog = { lines: [], done: false };
      let status = 500;
      try {
        const response = await current.run(request, run);
        status = response.status;
        return response;
      } finally {
        request.done = true;
        for (const line of request.lines) write(line, status >= 500);
      }
    },
  };
}
