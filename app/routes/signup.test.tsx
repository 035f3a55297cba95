import { describe, expect, it } from "vitest";
import { renderRoute } from "../../tests/support/render-route";
import SignupRoute from "./signup";

/** The no-JS sign-up page's 'Check Your Email!' step, as the server renders it. */
function render(actionData: unknown): string {
  return renderRoute(SignupRoute, "routes/signup", "/signup", "/signup", { providers: [] }, actionData);
}

describe("sign-up page", () => {
  it("'Check Your Email!' says what the link does: it verifies the address and signs the user in, as the modal says", () => {
    const html = render({ step: "sent", email: "new@example.test", resent: null, error: null });
    expect(html).toContain("Check Your Email!");
    expect(html).toContain("new@example.test");
    expect(html).toContain("Click the link in the email to verify your account. Opened in this browser, it signs you in right away.");
    expect(html).not.toContain("then sign in");
    expect(html).toContain("Got it!");
  });
});
