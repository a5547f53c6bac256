import type { ReactNode } from 'react';

/**
 * A console table's box: it scrolls sideways when the table is wider than the screen, so it can take
 * the focus (keyboard users scroll it with the arrows) and is a named region.
 */
export function TableBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="console__table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
