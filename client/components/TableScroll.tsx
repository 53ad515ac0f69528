// A table that may be wider than a phone's screen: it scrolls sideways inside its own box
// instead of widening the whole page (header and all). The box is a labelled region the
// keyboard can focus, so it scrolls without a pointer too (WCAG 2.1.1).
import type { ReactNode } from 'react';

export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
