/** The signed-in user as the header shows them (avatar and name), shared by the menus. */
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
