// Icons (no icon font, no emoji: both depend on what the reader's system has); the clap and
// response icons come from the sprite (client/components/sprite-icon.tsx).
import { SpriteIcon } from './sprite-icon.tsx';

export function ClapIcon({ size = 16 }: { size?: number }) {
  return <SpriteIcon name="clap" size={size} />;
}

export function ResponseIcon({ size = 16 }: { size?: number }) {
  return <SpriteIcon name="response" size={size} />;
}

export function WriteIcon({ size = 20 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.3">
      <path d="M14 4a.5.5 0 0 0 0-1zm7 6a.5.5 0 0 0-1 0zm-7-7H4v1h10zM3 4v16h1V4zm1 17h16v-1H4zm17-1V10h-1v10zm-1 1a1 1 0 0 0 1-1h-1zM3 20a1 1 0 0 0 1 1v-1zM4 3a1 1 0 0 0-1 1h1z" stroke="none" fill="currentColor" />
      <path d="m17.5 4.5-8.5 8.5-.5 2.5 2.5-.5 8.5-8.5a1.4 1.4 0 0 0-2-2Z" />
    </svg>
  );
}
