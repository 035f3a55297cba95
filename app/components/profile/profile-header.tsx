import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { ProfileHeader, ProfileTab } from "~/modules/lists/lists.service.server";

export function Avatar({ name, url, size = 80 }: { name: string; url: string | null; size?: number }) {
  const [failed, setFailed] = useState(false);
  const initial = (name.trim()[0] ?? "?").toUpperCase();
  if (url && !failed) {
    return (
      <img
        src={url}
        alt=""
        width={size}
        height={size}
        onError={() => setFailed(true)}
        className="rounded-full object-cover ring-2 ring-line"
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="inline-flex items-center justify-center rounded-full bg-accent/30 font-bold text-accent-strong ring-2 ring-line"
      style={{ width: size, height: size, fontSize: size / 2.5 }}
    >
      {initial}
    </span>
  );
}

export function ProfileHeaderView({ profile }: { profile: ProfileHeader }) {
  const display = profile.name || profile.username || "Unknown User";
  return (
    <header className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
      <Avatar name={display} url={profile.avatarUrl} />
      <div className="min-w-0">
        <h1 className="truncate text-2xl font-bold text-ink-strong">{display}</h1>
        {profile.username && <p className="text-muted">@{profile.username}</p>}
        <p className="mt-1 text-sm text-muted">Joined {profile.joined}</p>
      </div>
    </header>
  );
}

const TABS: { id: ProfileTab; label: string }[] = [
  { id: "top5", label: "Top 5" },
  { id: "top10", label: "Top 10" },
  { id: "playlist", label: "Want to Play" },
];

/** Tabs as links (?tab=), so each works without JavaScript and can be shared. */
export function ProfileTabs({ userId, active }: { userId: number; active: ProfileTab }) {
  return (
    <nav aria-label="Profile sections" className="mt-8 border-b border-line">
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {TABS.map((t) => (
          <li key={t.id}>
            <Link
              id={`tab-link-${t.id}`}
              to={t.id === "top5" ? `/user/${userId}` : `/user/${userId}?tab=${t.id}`}
              preventScrollReset
              aria-current={active === t.id ? "page" : undefined}
              className={`inline-block border-b-2 px-4 py-3 text-sm font-semibold whitespace-nowrap focus-visible:ring-2 focus-visible:ring-accent/60 focus-visible:outline-none ${
                active === t.id ? "border-accent text-ink-strong" : "border-transparent text-muted hover:text-ink"
              }`}
            >
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A non-numeric profile id: the message, then home. */
export function InvalidProfile() {
  const navigate = useNavigate();
  useEffect(() => {
    const t = setTimeout(() => void navigate("/", { replace: true }), 2000);
    return () => clearTimeout(t);
  }, [navigate]);
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 role="alert" className="text-2xl font-bold text-ink-strong">
        Invalid user ID
      </h1>
      <Link to="/" className="mt-6 inline-block text-accent-strong underline">
        Go home
      </Link>
    </div>
  );
}
