import fs from "node:fs";
import path from "node:path";
import { BenchError } from "./processes";

/** Writes a run's report to `file` as JSON (making its folder); returns the file's path from the working directory. */
export function writeReport(file: string, report: unknown): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return path.relative(process.cwd(), file);
}

/** Runs a benchmark and exits with its code; a BenchError (a wrong flag, missing data) is told without a stack. */
export function runBench(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof BenchError ? err.message : err);
      process.exit(1);
    },
  );
}
