import { Group, Pagination, Table } from '@mantine/core';

/** A staff table's header row: one column header per label (an empty label for an actions column). */
export function ColumnHeaders({ labels }: { labels: readonly string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {labels.map((label, index) => (
          <Table.Th key={`${index}-${label}`} scope="col">
            {label}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}

/** Page buttons under a paged staff list, shown only when there is more than one page. */
export function PageControls({ totalPages, page, onChange }: { totalPages: number; page: number; onChange(page: number): void }) {
  if (totalPages <= 1) return null;
  return (
    <Group justify="center">
      <Pagination total={totalPages} value={page} onChange={onChange} getControlProps={(control) => ({ 'aria-label': `${control} page` })} />
    </Group>
  );
}
