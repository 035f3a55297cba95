import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * axe-core's violations on the page: every rule axe runs by default (WCAG 2.x A/AA and best practices,
 * colour contrast included) plus the experimental label-content-name-mismatch (an accessible name must
 * contain the visible text, so speech users can say what they see); five nodes per rule, for the report.
 */
export async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).options({ rules: { "label-content-name-mismatch": { enabled: true } } }).analyze();
  return results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")}: ${n.failureSummary?.split("\n")[1]?.trim() ?? ""}`),
  }));
}
