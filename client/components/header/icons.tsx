// Line icons of the header (24 px, currentColor), from the sprite (client/components/sprite-icon.tsx).
import { SpriteIcon } from '../sprite-icon.tsx';

export function SearchIcon() {
  return <SpriteIcon name="search" />;
}

export function WriteIcon() {
  return <SpriteIcon name="write" />;
}

export function BellIcon() {
  return <SpriteIcon name="bell" />;
}

export function PersonIcon() {
  return <SpriteIcon name="person" />;
}
