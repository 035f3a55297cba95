export const SITE_NAME = "Savepoint";

/** Page titles end with the product name (spec 1 §9). */
export function pageTitle(title?: string): string {
  return title ? `${title} | ${SITE_NAME}` : SITE_NAME;
}
