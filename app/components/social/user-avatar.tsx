/** A user's avatar, or the initial letter of their name when there is none. */
export function UserAvatar({ name, avatarUrl, size = 48 }: { name: string; avatarUrl: string | null; size?: number }) {
  return avatarUrl ? (
    <img
      src={avatarUrl}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      className="shrink-0 rounded-full object-cover ring-1 ring-line"
      style={{ width: size, height: size }}
    />
  ) : (
    <span
      aria-hidden="true"
      className="grid shrink-0 place-items-center rounded-full bg-accent/40 font-bold text-white uppercase"
      style={{ width: size, height: size, fontSize: size * 0.42 }}
    >
      {name.charAt(0) || "?"}
    </span>
  );
}
