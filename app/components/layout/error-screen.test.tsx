import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { describeError, formatErrorDetails, rememberComponentStack } from "./error-details";
import { ErrorScreen } from "./error-screen";

describe("full-page error screen", () => {
  it("shows the spec's texts, an error id and the three actions", () => {
    const html = renderToStaticMarkup(<ErrorScreen error={new Error("boom")} onRetry={() => undefined} />);
    expect(html).toContain("Something went wrong");
    expect(html).toContain("We&#x27;re sorry, but something unexpected happened. Please try refreshing the page.");
    expect(html).toMatch(/Error ID: <span data-testid="error-id">ERR-[A-Z0-9]+-[A-Z0-9]+<\/span>/);
    for (const label of ["Try Again", "Refresh Page", "Copy Error Details"]) expect(html).toContain(`>${label}</button>`);
  });

  it("copies id, message, stack, component stack, timestamp, user agent and URL", () => {
    const err = new Error("kaboom");
    rememberComponentStack(err, "\n    at GamePage\n    at App");
    const d = describeError(err, "ERR-1");
    expect(d).toMatchObject({ errorId: "ERR-1", message: "kaboom", componentStack: "\n    at GamePage\n    at App" });
    expect(d.stack).toContain("kaboom");
    expect(Date.parse(d.timestamp)).not.toBeNaN();
    const text = formatErrorDetails({ ...d, userAgent: "UA/1", url: "http://x/y" });
    for (const part of [
      "Error ID: ERR-1",
      "Message: kaboom",
      "URL: http://x/y",
      "User agent: UA/1",
      "Timestamp: ",
      "Stack:",
      "at GamePage",
    ]) {
      expect(text).toContain(part);
    }
  });
});
