// The one rule for user-visible text (shared/user-text.ts; issue 29 item 3).
import { describe, expect, it } from 'vitest';
import { usernameProblem } from '../../shared/auth/sign-in-rules.ts';
import { cleanText, hasUnsafeCharacters, oneLine } from '../../shared/user-text.ts';

describe('the user-text rule', () => {
  it('removes control characters and every bidirectional embedding, override and isolate', () => {
    const hostile = 'Vellum\u202E FFATS\u202C\u0000\u0007\u001b[31m\u0085\u2066x\u2069\u202A\u202B\u202D\u2067\u2068\ufeff';
    expect(oneLine(hostile)).toBe('Vellum FFATS[31mx');
    expect(hasUnsafeCharacters(hostile)).toBe(true);
    expect(hasUnsafeCharacters(oneLine(hostile))).toBe(false);
  });

  it('keeps letters of every script, emoji, and the line breaks of multi-line text', () => {
    expect(oneLine('  Ada   Lovelace\n ')).toBe('Ada Lovelace');
    expect(oneLine('שלום עולם · 你好 · 🙂')).toBe('שלום עולם · 你好 · 🙂');
    expect(cleanText('one\r\ntwo\rthree\tfour\u0000')).toBe('one\ntwo\nthree\tfour');
  });
});

describe('usernames', () => {
  it('refuses the reserved names in any case', () => {
    for (const name of ['www', 'WWW', 'Vellum', 'vellum', 'admin', 'staff']) expect(usernameProblem(name), name).toBe('USERNAME_TAKEN');
    expect(usernameProblem('vellum_fan')).toBeNull();
  });
});
