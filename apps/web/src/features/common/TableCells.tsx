import { Table } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';

/*
 * A Mantine Table's body rows and cells as plain elements with the same class names and
 * attributes Mantine writes (for a Table with its default row borders, no stripes, no hover).
 * Table.Tr, Td and Th run Mantine's style system for every cell: on the top team's page that
 * is most of the server's render (docs/decisions/0097). They take no style props.
 */

const classNames = (...names: Array<string | undefined>) => names.filter(Boolean).join(' ');

export function BodyRow({ className, ...props }: ComponentPropsWithoutRef<'tr'>) {
  return <tr {...props} className={classNames(Table.classes.tr, 'mantine-Table-tr', className)} data-with-row-border />;
}

export function BodyCell({ className, ...props }: ComponentPropsWithoutRef<'td'>) {
  return <td {...props} className={classNames(Table.classes.td, 'mantine-Table-td', className)} />;
}

/** A row's header cell (`scope="row"`). */
export function BodyRowHeader({ className, ...props }: ComponentPropsWithoutRef<'th'>) {
  return <th {...props} className={classNames(Table.classes.th, 'mantine-Table-th', className)} />;
}
