import { describe, expect, it } from "vitest";
import { fieldErrors, generateUsername, LoginForm, NewPasswordForm, passwordStrength, SignupForm } from "./accounts.schema";

const good = { username: "Player_One", email: "A@Example.org", password: "Str0ng!pw", confirmPassword: "Str0ng!pw", agreeToTerms: "on" };

function signupErrors(over: Record<string, unknown>) {
  const r = SignupForm.safeParse({ ...good, ...over });
  return r.success ? {} : fieldErrors(r.error);
}

describe("sign-up validation", () => {
  it("accepts a valid form, lowercasing username and e-mail", () => {
    const r = SignupForm.parse(good);
    expect(r.username).toBe("player_one");
    expect(r.email).toBe("a@example.org");
  });

  it.each([
    [{ username: "ab" }, "username", "Username must be at least 3 characters"],
    [{ username: "a".repeat(22) }, "username", "Username must be 21 characters or less"],
    [{ username: "bad name!" }, "username", "Username can only contain letters, numbers, and underscores"],
    [{ email: "nope" }, "email", "Please enter a valid email address"],
    [{ password: "Sh0rt!", confirmPassword: "Sh0rt!" }, "password", "Password must be at least 8 characters"],
    [{ password: "lower0!case", confirmPassword: "lower0!case" }, "password", "Password must contain at least one uppercase letter"],
    [{ password: "UPPER0!CASE", confirmPassword: "UPPER0!CASE" }, "password", "Password must contain at least one lowercase letter"],
    [{ password: "NoDigits!!", confirmPassword: "NoDigits!!" }, "password", "Password must contain at least one number"],
    [{ password: "NoSpecial12", confirmPassword: "NoSpecial12" }, "password", "Password must contain at least one special character"],
    [{ confirmPassword: "different" }, "confirmPassword", "Passwords don't match"],
    [{ agreeToTerms: undefined }, "agreeToTerms", "You must agree to the terms and conditions"],
  ])("%o → %s: %s", (over, field, message) => {
    expect(signupErrors(over)[field]).toBe(message);
  });

  it("an unchecked terms box (no field posted at all) is refused", () => {
    const { agreeToTerms: _omit, ...withoutTerms } = good;
    const r = SignupForm.safeParse(withoutTerms);
    expect(r.success ? {} : fieldErrors(r.error)).toEqual({ agreeToTerms: "You must agree to the terms and conditions" });
  });

  it("login needs a valid e-mail and a password", () => {
    const r = LoginForm.safeParse({ email: "x", password: "" });
    expect(r.success).toBe(false);
    if (!r.success) expect(fieldErrors(r.error)).toEqual({ email: "Please enter a valid email address", password: "Password is required" });
    expect(LoginForm.parse({ email: "a@b.co", password: "x", rememberMe: "on" }).rememberMe).toBe(true);
    expect(LoginForm.parse({ email: "a@b.co", password: "x" }).rememberMe).toBe(false);
  });

  it("new password must follow the rules and match", () => {
    const r = NewPasswordForm.safeParse({ newPassword: "Str0ng!pw", confirmPassword: "Str0ng!px" });
    expect(r.success).toBe(false);
    if (!r.success) expect(fieldErrors(r.error)).toEqual({ confirmPassword: "Passwords don't match" });
  });
});

describe("password strength meter", () => {
  it.each([
    ["", 0, "Very Weak"],
    ["a", 1, "Very Weak"],
    ["aA", 2, "Weak"],
    ["aA1", 3, "Fair"],
    ["aA1!", 4, "Good"],
    ["aA1!aaaa", 5, "Strong"],
  ])("%j scores %i (%s)", (pw, score, label) => {
    expect(passwordStrength(pw)).toEqual({ score, label, percent: score * 20 });
  });
});

describe("generated username", () => {
  const takenSet = (xs: string[]) => async (u: string) => xs.includes(u);
  it("uses the local part, cleaned, cut to 18 and padded to 3", async () => {
    expect(await generateUsername("John.Doe+games@x.org", takenSet([]))).toBe("johndoegames");
    expect(await generateUsername("a@x.org", takenSet([]))).toBe("a00");
    expect(await generateUsername("averyveryverylongname123@x.org", takenSet([]))).toBe("averyveryverylongn");
  });
  it("tries suffixes 1 to 99, then the last 4 digits of the time", async () => {
    expect(await generateUsername("sam@x.org", takenSet(["sam", "sam1", "sam2"]))).toBe("sam3");
    const all = ["sam", ...Array.from({ length: 99 }, (_, i) => `sam${i + 1}`)];
    expect(await generateUsername("sam@x.org", takenSet(all), () => 1700000004321)).toBe("sam4321");
  });
});
