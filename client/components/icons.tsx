// Inline icons (no icon font, no emoji: both depend on what the reader's system has).

export function ClapIcon({ size = 16 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" strokeLinejoin="round">
      <path d="M7.5 12.5 5 10a1.4 1.4 0 0 1 2-2l4 4M9 9.5 6.8 7.3a1.4 1.4 0 0 1 2-2l5.6 5.6M11 7.5l-.6-.6a1.4 1.4 0 0 1 2-2l5.1 5.1c2.4 2.4 2.4 6 0 8.4-2.4 2.4-6 2.4-8.4 0L5.5 14.8a1.4 1.4 0 0 1 2-2l2 2" />
      <path d="M15 3.5 15.6 2M18 5l1.3-1M19.5 8H21" />
    </svg>
  );
}

export function ResponseIcon({ size = 16 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinejoin="round">
      <path d="M18 16.8a7.1 7.1 0 0 0 2.2-5.1c0-4.2-3.8-7.7-8.6-7.7S3 7.5 3 11.7s3.8 7.7 8.6 7.7c.8 0 1.7-.1 2.5-.3L18.5 21l-.5-4.2Z" />
    </svg>
  );
}

export function WriteIcon({ size = 20 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.3">
      <path d="M14 4a.5.5 0 0 0 0-1zm7 6a.5.5 0 0 0-1 0zm-7-7H4v1h10zM3 4v16h1V4zm1 17h16v-1H4zm17-1V10h-1v10zm-1 1a1 1 0 0 0 1-1h-1zM3 20a1 1 0 0 0 1 1v-1zM4 3a1 1 0 0 0-1 1h1z" stroke="none" fill="currentColor" />
      <path d="m17.5 4.5-8.5 8.5-.5 2.5 2.5-.5 8.5-8.5a1.4 1.4 0 0 0-2-2Z" />
    </svg>
  );
}
