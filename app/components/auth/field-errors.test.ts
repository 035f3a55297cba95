import { describe, expect, it } from "vitest";
import { fieldsClearedBy, visibleFieldErrors } from "./auth-ui";

describe("sign-up field errors after an edit", () => {
  const errors = { username: "Username is taken", email: "Invalid email", confirmPassword: "Passwords don't match" };

  it("hides the error of a field the user changed and keeps the others", () => {
    expect(visibleFieldErrors(errors, new Set(fieldsClearedBy("email")))).toEqual({
      username: "Username is taken",
      confirmPassword: "Passwords don't match",
    });
  });

  it("treats the two password fields as one: editing either answers a mismatch", () => {
    expect(fieldsClearedBy("password")).toEqual(["password", "confirmPassword"]);
    expect(visibleFieldErrors(errors, new Set(fieldsClearedBy("password")))).not.toHaveProperty("confirmPassword");
  });

  it("shows every error of a fresh answer", () => {
    expect(visibleFieldErrors(errors, new Set())).toEqual(errors);
    expect(visibleFieldErrors(undefined, new Set(["email"]))).toEqual({});
  });
});
