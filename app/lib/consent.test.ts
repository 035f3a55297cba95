import { describe, expect, it } from "vitest";
import {
  consentForIntent,
  consentFromCookieHeader,
  DEFAULT_CONSENT,
  isTrackingAllowed,
  navigationSource,
  parseConsentRecord,
  planConsentSync,
  type ServerConsentRef,
} from "./consent";

describe("consent choices", () => {
  it("maps every banner action to the stored level", () => {
    expect(consentForIntent("accept_all")).toEqual({ analyticsOptedIn: true, trackingLevel: "full" });
    expect(consentForIntent("accept_essential")).toEqual({ analyticsOptedIn: true, trackingLevel: "anonymous" });
    expect(consentForIntent("decline")).toEqual({ analyticsOptedIn: false, trackingLevel: "none" });
    // Customize defaults to anonymous; Save Preferences is on unless the level is none.
    expect(consentForIntent("save")).toEqual({ analyticsOptedIn: true, trackingLevel: "anonymous" });
    expect(consentForIntent("save", "full")).toEqual({ analyticsOptedIn: true, trackingLevel: "full" });
    expect(consentForIntent("save", "none")).toEqual({ analyticsOptedIn: false, trackingLevel: "none" });
  });

  it("allows tracking only when opted in and the level is not none; the default is off", () => {
    expect(DEFAULT_CONSENT).toEqual({ analyticsOptedIn: false, trackingLevel: "anonymous" });
    expect(isTrackingAllowed(DEFAULT_CONSENT)).toBe(false);
    expect(isTrackingAllowed(null)).toBe(false);
    expect(isTrackingAllowed({ analyticsOptedIn: true, trackingLevel: "none" })).toBe(false);
    expect(isTrackingAllowed({ analyticsOptedIn: true, trackingLevel: "anonymous" })).toBe(true);
    expect(isTrackingAllowed({ analyticsOptedIn: true, trackingLevel: "full" })).toBe(true);
  });

  it("reads only well-formed local records", () => {
    const ok = { analyticsOptedIn: true, trackingLevel: "full", timestamp: "2026-01-02T03:04:05.000Z" };
    expect(parseConsentRecord(ok)).toEqual(ok);
    expect(parseConsentRecord({ ...ok, trackingLevel: "everything" })).toBeNull();
    expect(parseConsentRecord({ ...ok, analyticsOptedIn: "yes" })).toBeNull();
    expect(parseConsentRecord({ ...ok, timestamp: "soon" })).toBeNull();
    expect(parseConsentRecord("full")).toBeNull();
  });

  it("reads the consent cookie among others and ignores bad values", () => {
    expect(consentFromCookieHeader("a=1; savepoint_consent=full; b=2")).toEqual({ analyticsOptedIn: true, trackingLevel: "full" });
    expect(consentFromCookieHeader("savepoint_consent=none")).toEqual({ analyticsOptedIn: false, trackingLevel: "none" });
    expect(consentFromCookieHeader("savepoint_consent=anonymous")).toEqual({ analyticsOptedIn: true, trackingLevel: "anonymous" });
    expect(consentFromCookieHeader("savepoint_consent=all")).toBeNull();
    expect(consentFromCookieHeader("xsavepoint_consent=full")).toBeNull();
    expect(consentFromCookieHeader(null)).toBeNull();
  });
});

describe("navigation source", () => {
  const origin = "https://savepoint.example";
  it("names the previous in-app page, else the referrer", () => {
    expect(navigationSource("/", "", origin)).toBe("home");
    expect(navigationSource("/search", "", origin)).toBe("search");
    expect(navigationSource("/search-results", "", origin)).toBe("search");
    expect(navigationSource("/game/halo", "", origin)).toBe("game");
    expect(navigationSource("/user/4", "", origin)).toBe("profile");
    expect(navigationSource("/users", "", origin)).toBe("users");
    expect(navigationSource("/review/4/9", "", origin)).toBe("review");
    expect(navigationSource("/faq", "", origin)).toBe("other");
    expect(navigationSource(null, "", origin)).toBe("direct");
    expect(navigationSource(null, "https://news.example/story?id=1", origin)).toBe("external");
    expect(navigationSource(null, `${origin}/search?q=zelda`, origin)).toBe("search");
    expect(navigationSource(null, "not a url", origin)).toBe("direct");
  });
});

describe("sync between the browser and the server", () => {
  const account = (level: "none" | "anonymous" | "full"): ServerConsentRef => ({
    analyticsOptedIn: level !== "none",
    trackingLevel: level,
    timestamp: "2026-02-03T04:05:06.000Z",
    source: "account",
  });
  const cookie = (level: "none" | "anonymous" | "full"): ServerConsentRef => ({ ...account(level), timestamp: null, source: "cookie" });
  const local = (level: "none" | "anonymous" | "full") => ({ analyticsOptedIn: level !== "none", trackingLevel: level });

  it("signed in with a database record: database to local, even over a different local record", () => {
    expect(planConsentSync(local("full"), account("none"), true)).toEqual({
      writeLocal: { choice: { analyticsOptedIn: false, trackingLevel: "none" }, timestamp: "2026-02-03T04:05:06.000Z" },
      sendToServer: null,
    });
    expect(planConsentSync(null, account("anonymous"), true).writeLocal?.choice).toEqual(local("anonymous"));
  });

  it("signed in without a database record: local to database", () => {
    expect(planConsentSync(local("full"), null, true)).toEqual({ writeLocal: null, sendToServer: local("full") });
    // The cookie does not count as the account's record: the local choice is sent.
    expect(planConsentSync(local("anonymous"), cookie("full"), true)).toEqual({ writeLocal: null, sendToServer: local("anonymous") });
    // A choice made without JavaScript (cookie only) reaches local storage and the account.
    expect(planConsentSync(null, cookie("none"), true)).toEqual({
      writeLocal: { choice: local("none"), timestamp: null },
      sendToServer: local("none"),
    });
  });

  it("signed out: the local record and the cookie follow each other", () => {
    expect(planConsentSync(local("full"), cookie("full"), false)).toEqual({ writeLocal: null, sendToServer: null });
    expect(planConsentSync(local("full"), null, false)).toEqual({ writeLocal: null, sendToServer: local("full") });
    expect(planConsentSync(local("none"), cookie("full"), false)).toEqual({ writeLocal: null, sendToServer: local("none") });
    expect(planConsentSync(null, cookie("anonymous"), false)).toEqual({
      writeLocal: { choice: local("anonymous"), timestamp: null },
      sendToServer: null,
    });
    expect(planConsentSync(null, null, false)).toEqual({ writeLocal: null, sendToServer: null });
  });

  it("normalises an opted-out record to level none", () => {
    expect(planConsentSync({ analyticsOptedIn: false, trackingLevel: "anonymous" }, null, true).sendToServer).toEqual(local("none"));
  });
});
