/**
 * Terms of Service and Privacy Policy as structured data, shared by the
 * reader modal (sign-up) and the /terms and /privacy pages. Written in plain
 * language to match what Savepoint actually does. `{email}` stands for the
 * operator's contact address (shown as {email} when unknown); a page that
 * knows the address may pass it to the renderer.
 */

import { LEGAL_TITLES, type LegalDocumentKind } from "./legal-titles";

export const LEGAL_LAST_UPDATED = "January 15, 2024";
export const CONTACT_PLACEHOLDER = "{email}";

export type LegalBlock = { kind: "p"; text: string } | { kind: "list"; items: string[] };

export interface LegalSection {
  /** Anchor id, unique within the document. */
  id: string;
  title: string;
  /** Heading level: 2 for sections, 3 for subsections, 4 for minor headings (not in the table of contents). */
  level: 2 | 3 | 4;
  blocks: LegalBlock[];
}

export interface LegalDocument {
  kind: LegalDocumentKind;
  title: string;
  summary: string;
  lastUpdated: string;
  sections: LegalSection[];
}

const p = (text: string): LegalBlock => ({ kind: "p", text });
const list = (...items: string[]): LegalBlock => ({ kind: "list", items });

export const TERMS: LegalDocument = {
  kind: "terms",
  title: LEGAL_TITLES.terms,
  summary:
    "The rules for using this Savepoint site: be decent, post only what you have the right to post, and understand that the service is an alpha test run by its operator.",
  lastUpdated: LEGAL_LAST_UPDATED,
  sections: [
    {
      id: "about",
      title: "About these terms",
      level: 2,
      blocks: [
        p(
          'Savepoint is open-source software for rating, reviewing and tracking video games. This site is one installation of it, run by its operator (called "we" below). By creating an account or using the site you agree to these terms.',
        ),
        p("If you do not agree, you can still browse games, reviews and profiles without an account, or stop using the site."),
      ],
    },
    {
      id: "accounts",
      title: "Your account",
      level: 2,
      blocks: [p("An account is free. You need one to rate, review, comment, like, follow people and keep lists.")],
    },
    {
      id: "creating-an-account",
      title: "Creating an account",
      level: 3,
      blocks: [
        list(
          "Choose a username of 3 to 21 letters, numbers or underscores. It is shown publicly and must not impersonate someone else.",
          "Use an e-mail address you can read: we send a confirmation link before your first sign-in and password-reset links when you ask for them.",
          "You must be old enough to use online services in your country without a parent's permission.",
        ),
      ],
    },
    {
      id: "keeping-it-safe",
      title: "Keeping your account safe",
      level: 3,
      blocks: [
        p(
          "Use a strong password that you do not use elsewhere, and sign out on shared computers. You are responsible for what happens under your account. Tell us at {email} if you think someone else has access to it.",
        ),
      ],
    },
    {
      id: "deleting-your-account",
      title: "Deleting your account",
      level: 3,
      blocks: [
        p(
          "You can delete your account at any time from your settings. Your profile, ratings, reviews, comments, likes, follows and lists are removed with it, and you are signed out.",
        ),
      ],
    },
    {
      id: "your-content",
      title: "What you post",
      level: 2,
      blocks: [
        p(
          "Your ratings, reviews, comments and lists stay yours. You give us permission to store them and show them on this site (including on your public profile and in other people's feeds) for as long as you keep them here. Delete something and we stop showing it.",
        ),
        p("Only post what you wrote yourself or have the right to share. Spoilers are fine in reviews; please say so at the start."),
      ],
    },
    {
      id: "community-rules",
      title: "Community rules",
      level: 2,
      blocks: [
        list(
          "No harassment, hate, threats or sharing other people's private information.",
          "No spam, advertising, or fake accounts and reviews meant to push a game up or down.",
          "Nothing illegal, and nothing sexual involving minors.",
          "No attempts to break, overload or scrape the service, or to get into other people's accounts.",
        ),
        p("We may remove content that breaks these rules and suspend or delete accounts that keep breaking them."),
      ],
    },
    {
      id: "game-information",
      title: "Game information",
      level: 2,
      blocks: [
        p(
          "Game titles, covers, release dates and other details come from our own database and from IGDB.com. Game names, artwork and trademarks belong to their owners. We try to keep the details right but cannot promise they are complete or correct.",
        ),
      ],
    },
    {
      id: "availability",
      title: "Availability and the alpha test",
      level: 2,
      blocks: [
        p(
          "Savepoint is in an alpha test. Features may change or disappear, and the site may be down now and then. The service is provided as it is, without warranties, and to the extent the law allows we are not liable for losses caused by using it or by it being unavailable.",
        ),
        p("Feedback is welcome at {email}."),
      ],
    },
    {
      id: "changes-to-terms",
      title: "Changes to these terms",
      level: 2,
      blocks: [
        p(
          "If we change these terms we update the date at the top of this page. For changes that matter, we tell signed-in users on the site before they take effect.",
        ),
      ],
    },
    {
      id: "contact",
      title: "Contact",
      level: 2,
      blocks: [p("Questions about these terms: {email}.")],
    },
  ],
};

export const PRIVACY: LegalDocument = {
  kind: "privacy",
  title: LEGAL_TITLES.privacy,
  summary:
    "What this Savepoint site stores about you, why, for how long, and how to get it removed. The short version: only what the service needs, analytics only if you say yes, kept 90 days, never sold.",
  lastUpdated: LEGAL_LAST_UPDATED,
  sections: [
    {
      id: "short-version",
      title: "The short version",
      level: 2,
      blocks: [
        list(
          "We store your account, and the ratings, reviews, comments and lists you create, so the site can show them.",
          "Analytics are off unless you turn them on, and analytics records are deleted after 90 days.",
          "Cookies only keep you signed in and remember your privacy choice. No advertising or third-party tracking cookies.",
          "We never sell or rent your data, and your e-mail address is never shown on a public page.",
        ),
      ],
    },
    {
      id: "who-we-are",
      title: "Who is responsible",
      level: 2,
      blocks: [
        p(
          "Savepoint is open-source software that anyone can run on their own server. This site is run by its operator, who decides how it is used and is responsible for your data. Your data is stored in this site's own database on the operator's server, not with the Savepoint project. Contact: {email}.",
        ),
      ],
    },
    {
      id: "what-we-store",
      title: "What we store",
      level: 2,
      blocks: [p("We keep only what the service needs to work:")],
    },
    {
      id: "account-data",
      title: "Your account",
      level: 3,
      blocks: [
        list(
          "Your e-mail address (for sign-in, confirmation and password-reset mails; never shown publicly).",
          "Your username and display name, and whatever you add to your profile: avatar, bio, location, website and platforms.",
          "Your password, stored only as a salted hash that cannot be turned back into the password.",
          "If you sign in with an outside provider (such as GitHub or Google), the account id it gives us and your verified e-mail address.",
        ),
      ],
    },
    {
      id: "your-content",
      title: "What you create",
      level: 3,
      blocks: [
        p(
          "Ratings and reviews, comments, likes, the people you follow, your Top 5, wishlist and collection, and which games you started or finished. Most of this is public by design: that is what a review community is for.",
        ),
      ],
    },
    {
      id: "sign-in-records",
      title: "Sign-in and security records",
      level: 3,
      blocks: [
        p(
          "While you are signed in we keep a session record with its expiry time, your IP address and your browser's user-agent string, so you can be recognised and suspicious sign-ins spotted. We also count failed sign-in attempts and requests per address for a short time to stop password guessing and abuse.",
        ),
      ],
    },
    {
      id: "privacy-choices",
      title: "Your privacy choices",
      level: 3,
      blocks: [
        p(
          "When you choose a privacy level in the consent banner or your settings, your browser keeps it and a cookie tells our server which level you picked. If you are signed in we also save the level with your account, with the date and your country, and add an entry to a privacy log (the level and your country) each time you give or withdraw consent, so we can show that your choice was respected.",
        ),
      ],
    },
    {
      id: "analytics",
      title: "Analytics",
      level: 2,
      blocks: [
        p("Analytics run only if you opt in, and they cover one thing: which game pages are viewed. You choose one of three levels:"),
        list(
          "No Tracking: nothing is recorded.",
          "Anonymous Analytics: for each game page you open we record the game, how you got there (for example from search or the home page, never the full address you came from), your country and a scrambled (SHA-256 hashed) random session id made by your browser. Nothing in it points to your account.",
          "Personalized Experience: the same, and while you are signed in the record also carries your account id, so it is linked to you.",
        ),
        p(
          "Your country is a two-letter code taken from a header that the operator's own web server or proxy adds (such as Cloudflare's CF-IPCountry); without one, no country is stored. We never send your IP address to an outside lookup service.",
        ),
        p(
          "Analytics records and privacy-log entries are deleted automatically after 90 days: a clean-up runs when the server starts and once a day. Changing your level to No Tracking stops the recording at once.",
        ),
        p("The site's operators see analytics only as totals: how many people opted in, opted out or chose anonymous analytics."),
      ],
    },
    {
      id: "cookies",
      title: "Cookies and browser storage",
      level: 2,
      blocks: [
        list(
          "Sign-in cookies keep you signed in. They cannot be read by scripts and are only sent to this site. Without 'Remember me' they end when you close the browser; with it, they last up to 30 days. Signing in with an outside provider adds a short-lived cookie that ties the provider's answer to your browser.",
          "The consent cookie holds only the privacy level you chose, for up to a year, so our server respects your choice (even with JavaScript turned off) and the banner does not come back.",
          "Your browser's local storage holds your consent choice, the random session id used for analytics, a note that the banner was shown, your recent searches (for 24 hours) and whether you prefer the grid or the list view of search results.",
          "Session storage, which the browser clears when you close the tab, briefly remembers the action you were about to take while you sign in (for example, adding a game to your wishlist) and the address a confirmation mail was just sent to.",
          "So that the site loads quickly and can show an offline page when the connection drops, your browser keeps a copy of the site's own program files, icons and that offline page (a service worker cache). No pages, personal data or account details are stored there.",
        ),
        p(
          "'Clear local data' in your privacy settings removes the consent choice, the session id and the banner note from this browser, forgets the consent cookie and starts a new session id. What you chose for your account stays until you change it.",
        ),
        p("There are no advertising cookies and no third-party trackers."),
      ],
    },
    {
      id: "who-sees-what",
      title: "Who can see what",
      level: 2,
      blocks: [
        p(
          "Anyone, signed in or not, can see your username, display name, avatar, profile details, ratings, reviews, comments, lists, and who you follow and who follows you. Your e-mail address, password, sessions, privacy choices and analytics records are never shown to other users.",
        ),
      ],
    },
    {
      id: "other-services",
      title: "Other services involved",
      level: 2,
      blocks: [
        list(
          "E-mail: confirmation and password-reset mails are sent through the mail server the operator has configured.",
          "Game data: our server looks up games on IGDB.com. Cover images are loaded by your browser from IGDB's image server, which therefore sees your IP address, as any image host does.",
          "Outside sign-in providers, only if you choose to sign in with one.",
        ),
      ],
    },
    {
      id: "retention",
      title: "How long we keep data",
      level: 2,
      blocks: [
        list(
          "Your account and what you create: until you delete them or your account.",
          "Your privacy choice: until you change it or delete your account; the consent cookie for up to a year.",
          "Sessions: until you sign out or they expire (at most 30 days).",
          "Analytics records and privacy-log entries: 90 days, then deleted automatically.",
          "Confirmation and password-reset links: until used or expired (confirmation links after 24 hours, reset links after one hour).",
        ),
      ],
    },
    {
      id: "your-rights",
      title: "Your choices and rights",
      level: 2,
      blocks: [
        list(
          "Change or withdraw your analytics consent at any time in your settings. Without an account, clearing this site's cookies and storage in your browser brings the banner back so you can choose again.",
          "Edit your profile, reviews and lists whenever you like.",
          "Delete your account from your settings: your profile, everything only you own, your privacy choice and log entries, and any analytics records linked to your account are removed at once. Anonymous analytics records were never linked to you; they go after 90 days.",
          "Get a copy of your data: there is no download button yet, so ask the operator at {email}, who can send you a copy of what is stored about your account.",
          "Write to {email} with any other privacy request or question.",
        ),
      ],
    },
    {
      id: "no-selling",
      title: "We do not sell your data",
      level: 2,
      blocks: [p("Your data is not sold, rented or shared for advertising. It is used only to run this site.")],
    },
    {
      id: "changes-to-policy",
      title: "Changes to this policy",
      level: 2,
      blocks: [p("If this policy changes we update the date at the top, and tell signed-in users about changes that matter.")],
    },
    {
      id: "contact",
      title: "Contact",
      level: 2,
      blocks: [p("Privacy questions and requests: {email}.")],
    },
  ],
};

export const LEGAL_DOCUMENTS = { terms: TERMS, privacy: PRIVACY } as const;

export interface TocEntry {
  id: string;
  title: string;
  level: number;
}

/** Table of contents: headings up to `maxLevel` (the reader shows up to level 3), in document order. */
export function tableOfContents(doc: LegalDocument, maxLevel = 3): TocEntry[] {
  return doc.sections.filter((s) => s.level <= maxLevel).map((s) => ({ id: s.id, title: s.title, level: s.level }));
}

/** The anchor id of a section in the page (prefixed so Terms and Privacy never collide). */
export function sectionAnchor(doc: LegalDocument, sectionId: string): string {
  return `${doc.kind}-${sectionId}`;
}

/** Splits text around `{email}` so the renderer can style the contact address. */
export function splitContact(text: string): { text: string; contact: boolean }[] {
  return text
    .split(/(\{email\})/)
    .filter((part) => part !== "")
    .map((part) => ({ text: part, contact: part === CONTACT_PLACEHOLDER }));
}
