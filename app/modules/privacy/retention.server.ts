import { RETENTION_DAYS } from "~/lib/consent";
import { startPeriodicJob, type PeriodicJob } from "~/lib/periodic-job.server";
import { expireUnverifiedAccounts, UNVERIFIED_ACCOUNT_DAYS } from "~/modules/accounts/unverified-expiry.server";
import { sweepUploads } from "~/modules/uploads/avatar-files.server";
import { purgeBefore } from "./privacy.queries.server";

/**
 * The banner promises that data is kept for 90 days only: page views and
 * privacy audit entries older than that are deleted at start-up and then once a day. The same daily
 * job deletes sign-ups left unverified for UNVERIFIED_ACCOUNT_DAYS (their usernames become free), and
 * upload files no member shows any more that a crash kept from going at once (decision 029).
 */

export const DAY_MS = 24 * 60 * 60 * 1000;

export function retentionCutoff(now = new Date()): Date {
  return new Date(now.getTime() - RETENTION_DAYS * DAY_MS);
}

export async function purgeExpiredPrivacyData(now = new Date()): Promise<{ pageViews: number; auditEntries: number }> {
  return purgeBefore(retentionCutoff(now));
}

interface JobLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Runs the purge now and every `intervalMs` (default a day), in the background (startPeriodicJob). */
export function startRetentionJob(log: JobLogger, intervalMs = DAY_MS): PeriodicJob {
  return startPeriodicJob({
    intervalMs,
    runAtStart: true,
    run: async () => {
      const r = await purgeExpiredPrivacyData();
      if (r.pageViews + r.auditEntries > 0) log.info(r, `privacy retention: deleted data older than ${RETENTION_DAYS} days`);
      const accounts = await expireUnverifiedAccounts();
      if (accounts > 0) log.info({ accounts }, `deleted sign-ups left unverified for ${UNVERIFIED_ACCOUNT_DAYS} days`);
      const files = await sweepUploads();
      if (files > 0) log.info({ files }, "removed upload files no member shows");
    },
    onError: (error) => log.error({ error }, "privacy retention run failed; retrying at the next run"),
  });
}
