import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ScrollArea.css';
import { Table, UnstyledButton } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import classes from './SortableTable.module.css';
import { BodyCell, BodyRow, BodyRowHeader } from './TableCells';
import { VisuallyHidden } from './VisuallyHidden';

export type SortOrder = 'asc' | 'desc';

/** One column of a sortable table: what it sorts by, and how its cell reads. */
export interface SortableColumn<Row> {
  key: string;
  /** The header as shown; `title` spells an abbreviation out ('ADR' -> 'Average damage per round'). */
  label: string;
  title?: string;
  /** What the column sorts by; null (unknown) always sorts last. */
  value: (row: Row) => number | string | null;
  cell: (row: Row) => ReactNode;
  /** Numbers sit right-aligned and sort high first on the first press. */
  numeric?: boolean;
  /** A plain header: the rows cannot be ordered by it (the server sorts by some columns only). */
  unsortable?: boolean;
  /** Hidden on phones by CSS, so the server's render is right at every width (docs/decisions/0097). */
  wideOnly?: boolean;
}

/** A column's cell classes: right-aligned numbers, hidden on phones. */
const cellClass = (col: { numeric?: boolean; wideOnly?: boolean }) => [col.numeric ? classes.numeric : '', col.wideOnly ? classes.wideOnly : ''].filter(Boolean).join(' ') || undefined;

interface SortableTableProps<Row> {
  caption: string;
  columns: readonly SortableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  initialSort: { key: string; order: SortOrder };
  /** The sort is held by the caller (a page keeping it in the URL) instead of the table. */
  sort?: { key: string; order: SortOrder };
  onSort?: (sort: { key: string; order: SortOrder }) => void;
  /** Rows are shown as given (already sorted by the server, by `sort`). */
  presorted?: boolean;
  /** Rows keep the given order and no header sorts (a short table whose order means something). */
  fixedOrder?: boolean;
  /** Data attribute naming the table for tests and styles. */
  name?: string;
}

function compare(a: number | string | null, b: number | string | null): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

/** Rows ordered by one column; unknown values last whichever way. */
export function sortRows<Row>(rows: readonly Row[], value: (row: Row) => number | string | null, order: SortOrder): Row[] {
  return [...rows].sort((x, y) => {
    const a = value(x);
    const b = value(y);
    if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
    return order === 'asc' ? compare(a, b) : compare(b, a);
  });
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * A table sortable by any column: each header is a button (Enter or Space sorts, again
 * reverses), and the sorted column says so with aria-sort. Scrolls sideways on a phone.
 */
export function SortableTable<Row>({ caption, columns, rows, rowKey, initialSort, sort: heldSort, onSort, presorted, fixedOrder, name }: SortableTableProps<Row>) {
  const [ownSort, setOwnSort] = useState(initialSort);
  const sort = heldSort ?? ownSort;
  const column = columns.find((candidate) => candidate.key === sort.key) ?? columns[0]!;
  const shown = presorted || fixedOrder ? rows : sortRows(rows, column.value, sort.order);
  const choose = (next: SortableColumn<Row>) => {
    const order: SortOrder = next.key === sort.key ? (sort.order === 'desc' ? 'asc' : 'desc') : next.numeric ? 'desc' : 'asc';
    const chosen = { key: next.key, order };
    setOwnSort(chosen);
    onSort?.(chosen);
  };
  return (
    // A fixed-order table has no header buttons: its scroll box takes the focus itself, so a keyboard can scroll a wide one.
    <div className={classes.wrap} tabIndex={fixedOrder ? 0 : undefined}>
      <Table className={classes.table} data-table={name} verticalSpacing={6} horizontalSpacing="xs">
        <caption className={classes.caption}>{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((col) => {
              const active = !fixedOrder && col.key === column.key;
              return (
                <Table.Th key={col.key} aria-sort={active ? ARIA_SORT[sort.order] : undefined} className={cellClass(col)} data-column={col.key}>
                  {col.unsortable || fixedOrder ? (
                    <span title={col.title}>
                      {col.label}
                      {col.title && <VisuallyHidden> ({col.title})</VisuallyHidden>}
                    </span>
                  ) : (
                    <UnstyledButton className={classes.sortButton} onClick={() => choose(col)} title={col.title}>
                      {col.label}
                      {col.title && <VisuallyHidden> ({col.title})</VisuallyHidden>}
                      <span aria-hidden="true" className={classes.arrow}>
                        {active ? (sort.order === 'desc' ? '▼' : '▲') : ''}
                      </span>
                    </UnstyledButton>
                  )}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((row) => (
            <BodyRow key={rowKey(row)}>
              {columns.map((col, index) =>
                index === 0 ? (
                  <BodyRowHeader key={col.key} scope="row" className={classes.rowHead}>
                    {col.cell(row)}
                  </BodyRowHeader>
                ) : (
                  <BodyCell key={col.key} className={cellClass(col)} data-cell={col.key}>
                    {col.cell(row)}
                  </BodyCell>
                ),
              )}
            </BodyRow>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
