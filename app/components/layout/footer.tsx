import { Link } from "react-router";
import { LogoMark } from "./logo";

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 border-t border-line/70 bg-page">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 md:flex-row md:items-center md:justify-between lg:px-6">
        <div className="flex items-center gap-2 text-muted">
          <LogoMark className="size-6" />
          <span className="text-sm">Track your games, find the next one.</span>
        </div>
        <nav aria-label="Footer" className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <Link to="/contact" className="text-muted hover:text-ink-strong">
            Contact
          </Link>
          <Link to="/faq" className="text-muted hover:text-ink-strong">
            FAQ
          </Link>
          <Link to="/terms" className="text-muted hover:text-ink-strong">
            Terms
          </Link>
          <Link to="/privacy" className="text-muted hover:text-ink-strong">
            Privacy
          </Link>
        </nav>
      </div>
      <div className="mx-auto flex max-w-7xl flex-col gap-1 px-4 pb-8 text-xs text-muted md:flex-row md:justify-between lg:px-6">
        <p>© {year} The Savepoint contributors. Open source under the MIT licence.</p>
        <p>
          Game data from{" "}
          <a href="https://www.igdb.com" className="underline hover:text-ink-strong" rel="noopener noreferrer" target="_blank">
            IGDB.com
          </a>{" "}
          and the Savepoint community.
        </p>
      </div>
    </footer>
  );
}
