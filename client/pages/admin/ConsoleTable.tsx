import type { ReactNode } from 'react';
import { TableBox } from './TableBox';

/**
 * A column's header: its text, or a text only screen readers read (a column of checkboxes); `false`
 * leaves the column out (`canAct && t('…')`), as the rows then leave out its cells.
 */
export type Column = string | { hidden: string } | false;

/**
 * A console table: its scrolling box (TableBox, named `label`, else the caption), its caption (read by
 * screen readers only, unless `showCaption`), one header row of column headers, then the rows given.
 */
export function ConsoleTable({ caption, label, showCaption = false, columns, children }: { caption: string; label?: string; showCaption?: boolean; columns: readonly Column[]; children: ReactNode }) {
  return (
    <TableBox label={label ?? caption}>
      <table className="console__table">
        <caption className={showCaption ? undefined : 'visually-hidden'}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, i) =>
              column === false ? null : (
                <th key={i} scope="col">
                  {typeof column === 'string' ? column : <span className="visually-hidden">{column.hidden}</span>}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableBox>
  );
}
