/**
 * Terms of Service and Privacy Policy as structured data, shared by the
 * reader modal (sign-up) and the /terms and /privacy pages. Written in plain
 * language to match what Savepoint actually does. `{email}` stands for the
 * operator's contact address (spec 1 §2 shows it as {email}); a page that
 * knows the address may pass it to the renderer.
 */

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
  kind: "terms" | "privacy";
  title: string;
  summary: string;
  lastUpdated: string;
  sections: LegalSection[];
}

const p = (text: string): LegalBlock => ({ kind: "p", text });
const list = (...items: string[]): LegalBlock => ({ kind: "list", items });

export const TERMS: LegalDocument = {
  kind: "terms",
  title: "Terms of Service",
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
  title: "Privacy Policy",
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
          "The only cookie is the one that keeps you signed in. No advertising or third-party tracking cookies.",
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
          "When you choose a privacy level in the consent banner we store the level, the date and your country, and add an entry to a privacy log each time you give or withdraw consent, so we can show that your choice was respected.",
        ),
      ],
    },
    {
      id: "analytics",
      title: "Analytics",
      level: 2,
      blocks: [
        p("Analytics run only if you opt in. You choose one of three levels:"),
        list(
          "No Tracking: nothing is recorded.",
          "Anonymous Analytics: we record which game pages are viewed, how you got there, your country and a scrambled (hashed) random session id, with nothing that links it to your account.",
          "Personalized Experience: the same, linked to your account so the site can tailor suggestions to you.",
        ),
        p(
          "Your country comes from a header set by the operator's own web server or proxy; we do not send your IP address to any outside lookup service. Analytics records are deleted automatically after 90 days.",
        ),
      ],
    },
    {
      id: "cookies",
      title: "Cookies and browser storage",
      level: 2,
      blocks: [
        list(
          "One session cookie keeps you signed in. It cannot be read by scripts and is only sent to this site. Without 'Remember me' it ends when you close the browser; with it, it lasts up to 30 days.",
          "Your browser's local storage holds your consent choice, the random session id used for analytics and a note that the banner was shown, so we do not ask again.",
          "While you sign in, the browser's session storage briefly remembers the action you were about to take (for example, adding a game to your wishlist) so it can be finished afterwards.",
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
          "Anyone, signed in or not, can see your username, display name, avatar, profile details, ratings, reviews, comments, lists, and who you follow and who follows you. Your e-mail address, password, sessions and privacy records are never shown to other users.",
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
          "Sessions: until you sign out or they expire (at most 30 days).",
          "Analytics records and privacy-log entries: 90 days, then deleted automatically.",
          "Confirmation and password-reset links: until used or expired (reset links after one hour).",
        ),
      ],
    },
    {
      id: "your-rights",
      title: "Your choices and rights",
      level: 2,
      blocks: [
        list(
          "Change or withdraw your analytics consent at any time; clearing local data resets it in your browser.",
          "Edit your profile, reviews and lists whenever you like.",
          "Delete your account from your settings: your profile and everything only you own are removed at once.",
          "Ask the operator at {email} for a copy of your data, or with any other privacy request.",
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

/** Table of contents: headings up to `maxLevel` (spec: up to level 3), in document order. */
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
