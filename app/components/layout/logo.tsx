export function LogoMark({ className = "size-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="sp-logo" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#a78bfa" />
          <stop offset="1" stopColor="#6d28d9" />
        </linearGradient>
      </defs>
      <rect x="1" y="1" width="30" height="30" rx="8" fill="url(#sp-logo)" />
      <path d="M11 9.5v13l11-6.5z" fill="#fff" />
      <rect x="7" y="24.5" width="18" height="2" rx="1" fill="#fff" opacity=".55" />
    </svg>
  );
}
