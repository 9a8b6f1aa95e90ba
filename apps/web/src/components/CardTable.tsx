import type { ReactNode } from 'react';
import './CardTable.css';

/** A column of a CardTable: its heading, and what each row shows under it. */
export interface Column<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
  /** Right-aligned figures (money, counts). */
  numeric?: boolean;
  className?: string;
}

/**
 * A table on a wide screen whose rows become cards on a phone, each cell labelled from its column
 * (`data-label`), so nothing scrolls sideways. The first column is the row's heading: what the row is (its
 * number, its product). `className` picks the card layout: `card-table` (a bordered card a row, at 740 px
 * and below) or `lines-table` (the lines of an order or invoice, label and value a line, at 480 px and
 * below), with the page's own class beside it.
 */
export function CardTable<Row>({
  className,
  caption,
  rows,
  rowKey,
  rowHeader,
  columns,
}: {
  className: string;
  /** What the table holds, for a screen reader. */
  caption: string;
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
  rowHeader: Column<Row>;
  columns: Column<Row>[];
}) {
  const classOf = (column: Column<Row>) =>
    [column.className, column.numeric && 'num'].filter(Boolean).join(' ') || undefined;
  return (
    <table className={className}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {[rowHeader, ...columns].map((column) => (
            <th key={column.label} scope="col" className={column.numeric ? 'num' : undefined}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={rowKey(row, index)}>
            <th scope="row" className={rowHeader.className}>
              {rowHeader.cell(row)}
            </th>
            {columns.map((column) => (
              <td key={column.label} data-label={column.label} className={classOf(column)}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
