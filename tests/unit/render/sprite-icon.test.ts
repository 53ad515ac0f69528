// The icon sprite (client/components/sprite-icon.tsx) is served as an immutable file: its name must
// change with its content, and it must have every symbol the icons name.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ICON_SPRITE } from '../../../client/components/sprite-icon.tsx';

const file = path.resolve(import.meta.dirname, '../../../client/public', ICON_SPRITE.slice(1));

describe('the icon sprite', () => {
  it('is named by the start of its content’s SHA-256 (an edit renames it, so no cache keeps the old one)', () => {
    const text = readFileSync(file);
    const hash = createHash('sha256').update(text).digest('hex').slice(0, 10);
    expect(path.basename(file)).toBe(`icons-${hash}.svg`);
  });

  it('has a symbol for every icon name the code uses', () => {
    const text = readFileSync(file, 'utf8');
    const source = readFileSync(path.resolve(import.meta.dirname, '../../../client/components/sprite-icon.tsx'), 'utf8');
    const names = /export type IconName = ([^;]+);/.exec(source)![1]!.match(/'[a-z-]+'/g)!.map((n) => n.slice(1, -1));
    expect(names.length).toBeGreaterThan(4);
    for (const name of names) expect(text).toContain(`<symbol id="${name}"`);
  });
});
