import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AvailabilityIndicator } from "./auth-ui";

describe("username availability indicator", () => {
  it("shows the rule a badly formatted name breaks, not 'taken'", () => {
    const html = renderToString(
      <AvailabilityIndicator
        availability={{ state: "unavailable", message: "Username can only contain letters, numbers, and underscores" }}
      />,
    );
    expect(html).toContain("Username can only contain letters, numbers, and underscores");
    expect(html).not.toContain("already taken");
  });

  it("keeps 'This username is already taken' for a name someone holds, and the green check for a free one", () => {
    expect(
      renderToString(<AvailabilityIndicator availability={{ state: "unavailable", message: "This username is already taken" }} />),
    ).toContain("This username is already taken");
    expect(renderToString(<AvailabilityIndicator availability={{ state: "available" }} />)).toContain("Username is available");
    expect(renderToString(<AvailabilityIndicator availability={{ state: "idle" }} />)).toBe("");
  });
});
