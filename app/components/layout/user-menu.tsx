import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { ChevronDown, LogOut, PenLine, Settings, User } from "lucide-react";
import { Form, Link } from "react-router";

export interface HeaderUser {
  id: number;
  username: string | null;
  name: string;
  avatarUrl: string | null;
}

export function displayName(user: HeaderUser): string {
  return user.username?.trim() || user.name?.trim() || "User";
}

export function Avatar({ user, size = 32 }: { user: HeaderUser; size?: number }) {
  const name = displayName(user);
  return user.avatarUrl ? (
    <img
      src={user.avatarUrl}
      alt=""
      width={size}
      height={size}
      className="rounded-full object-cover"
      style={{ width: size, height: size }}
    />
  ) : (
    <span
      aria-hidden="true"
      className="grid place-items-center rounded-full bg-accent/40 font-bold text-white uppercase"
      style={{ width: size, height: size, fontSize: size * 0.45 }}
    >
      {name.charAt(0)}
    </span>
  );
}

const itemClass =
  "flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-surface-2 data-[highlighted]:text-ink-strong";

/** The signed-in user's menu: Profile, Write Review, Settings (the lazy user-settings modal), Sign Out. */
export function UserMenu({ user, onOpenSettings }: { user: HeaderUser; onOpenSettings?: () => void }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 hover:bg-surface"
        aria-label={`Account menu for ${displayName(user)}`}
      >
        <Avatar user={user} />
        <span className="max-w-32 truncate text-sm font-medium text-ink-strong">{displayName(user)}</span>
        <ChevronDown aria-hidden="true" className="size-4 text-muted" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-50 min-w-48 rounded-xl border border-line bg-surface p-1 shadow-2xl">
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to={`/user/${user.id}`}>
              <User aria-hidden="true" className="size-4" /> Profile
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/review">
              <PenLine aria-hidden="true" className="size-4" /> Write Review
            </Link>
          </DropdownMenu.Item>
          {onOpenSettings ? (
            <DropdownMenu.Item className={itemClass} onSelect={onOpenSettings}>
              <Settings aria-hidden="true" className="size-4" /> Settings
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <Form method="post" action="/logout">
            <DropdownMenu.Item asChild className={itemClass} onSelect={(e) => e.preventDefault()}>
              <button type="submit" className="w-full">
                <LogOut aria-hidden="true" className="size-4" /> Sign Out
              </button>
            </DropdownMenu.Item>
          </Form>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
