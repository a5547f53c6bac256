/** The lock of a profile with an active PIN (spec §2 /whoswatching, profile list), named for screen readers. */
export function LockBadge({ label }: { label: string }) {
  return (
    <span className="lock-badge" title={label}>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
        <path fill="currentColor" d="M12 2a5 5 0 0 1 5 5v3h1a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h1V7a5 5 0 0 1 5-5Zm0 2a3 3 0 0 0-3 3v3h6V7a3 3 0 0 0-3-3Zm0 9a2 2 0 0 0-1 3.7V18h2v-1.3a2 2 0 0 0-1-3.7Z" />
      </svg>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
