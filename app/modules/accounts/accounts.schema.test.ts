import { describe, expect, it } from "vitest";
import { fieldErrors, generateUsername, LoginForm, NewPasswordForm, passwordStrength, SignupForm, usernameField } from "./accounts.schema";

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
    // A reserved name is never handed out, even when no account holds it.
    expect(await generateUsername("Admin@x.org", takenSet([]))).toBe("admin1");
    expect(await generateUsername("support@x.org", takenSet(["support1"]))).toBe("support2");
    const all = ["sam", ...Array.from({ length: 99 }, (_, i) => `sam${i + 1}`)];
    expect(await generateUsername("sam@x.org", takenSet(all), () => 1700000004321)).toBe("sam4321");
  });
  it("keeps the time fallback within 21 characters: the base is cut to 17 before the 4 digits", async () => {
    const base = "averyveryverylongn"; // 18 characters
    const all = [base, ...Array.from({ length: 99 }, (_, i) => `${base}${i + 1}`)];
    const name = await generateUsername(`${base}name123@x.org`, takenSet(all), () => 1700000004321);
    expect(name).toBe("averyveryverylong4321");
    expect(name).toHaveLength(21);
    expect(usernameField.safeParse(name).success).toBe(true);
  });
  it("never returns a taken name: the time's digits count on until one is free, then random suffixes", async () => {
    const all = ["sam", ...Array.from({ length: 99 }, (_, i) => `sam${i + 1}`)];
    expect(await generateUsername("sam@x.org", takenSet([...all, "sam4321", "sam4322"]), () => 1700000004321)).toBe("sam4323");
    expect(await generateUsername("sam@x.org", takenSet([...all, "sam9999"]), () => 9999)).toBe("sam0000");
    // A hundred numbered names in a row taken as well.
    const times = Array.from({ length: 100 }, (_, i) => `sam${String((4321 + i) % 10_000).padStart(4, "0")}`);
    const name = await generateUsername(
      "sam@x.org",
      takenSet([...all, ...times]),
      () => 4321,
      () => 0.5,
    );
    expect(name).toMatch(/^sam[0-9a-z]{6}$/);
    expect([...all, ...times]).not.toContain(name);
    // From an 18-character base, the random fallback stays within 21 too.
    const asked: string[] = [];
    const takenFirst200 = async (u: string) => asked.push(u) <= 200;
    const longName = await generateUsername(
      "averyveryverylongname123@x.org",
      takenFirst200,
      () => 1,
      () => 0.999,
    );
    expect(asked).toHaveLength(201);
    expect(longName).toMatch(/^averyveryverylo[0-9a-z]{6}$/);
    expect(usernameField.safeParse(longName).success).toBe(true);
    expect(asked.every((u) => u.length <= 21)).toBe(true);
  });
  it("gives up with an error, never a taken or invalid name, when nothing is free", async () => {
    await expect(generateUsername("sam@x.org", async () => true)).rejects.toThrow("No free username");
  });
});
