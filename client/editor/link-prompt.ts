// What the editor's link prompt makes of what the writer typed: "example.com" means
// https://example.com; a scheme the product does not keep (javascript:, data:, …) is refused
// (null), as the server refuses it (shared/editor/story-content-rules.ts).
import { writerLink } from '../../shared/editor/story-content-rules.ts';

export function linkFromPrompt(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  return writerLink(withScheme);
}
