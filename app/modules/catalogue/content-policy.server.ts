import fs from "node:fs";
import { getConfig } from "~/config.server";
import {
  compileContentPolicy,
  ContentPolicySchema,
  describePolicyIssues,
  type CompiledContentPolicy,
  type ContentPolicy,
  type PolicyLevel,
} from "./content-filter";

/**
 * The operator's content policy (config/content-policy.json by default; CONTENT_POLICY_FILE and
 * CONTENT_FILTER_LEVEL in the environment). Read and checked once at start-up (server/main.ts calls
 * loadContentPolicy, and a bad file stops the start with a message naming the field); kept on
 * globalThis like the other process-wide handles (docs/decisions/003), so the server and the bundled
 * routes share one copy. Code that runs without the server (tests, CLIs) loads it lazily on first use.
 */

export class ContentPolicyError extends Error {
  override name = "ContentPolicyError";
}

/** Reads and validates a policy file. Throws ContentPolicyError with the file and the field at fault. */
export function readContentPolicyFile(file: string): ContentPolicy {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    throw new ContentPolicyError(`Content policy ${file} could not be read: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ContentPolicyError(`Content policy ${file} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = ContentPolicySchema.safeParse(json);
  if (!parsed.success) throw new ContentPolicyError(`Content policy ${file} is invalid:\n${describePolicyIssues(parsed.error)}`);
  return parsed.data;
}

const POLICY_KEY = Symbol.for("savepoint.content-policy");
type WithPolicy = typeof globalThis & { [POLICY_KEY]?: CompiledContentPolicy };

/** Loads the configured policy file and installs it process-wide. Throws ContentPolicyError. */
export function loadContentPolicy(file: string = getConfig().contentPolicyFile, level: PolicyLevel = getConfig().contentFilterLevel) {
  const policy = readContentPolicyFile(file);
  setContentPolicy(compileContentPolicy(policy, level));
  return policy;
}

/** The process-wide policy (loaded from the configured file on first use when start-up did not load it). */
export function getContentPolicy(): CompiledContentPolicy {
  const g = globalThis as WithPolicy;
  if (!g[POLICY_KEY]) loadContentPolicy();
  return g[POLICY_KEY]!;
}

/** Installs a policy (start-up; tests). undefined forgets it, so the next use reloads the file. */
export function setContentPolicy(policy: CompiledContentPolicy | undefined): void {
  (globalThis as WithPolicy)[POLICY_KEY] = policy;
}
