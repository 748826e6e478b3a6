import { Alert, Button, Group, Table } from '@mantine/core';
import { useState, type ComponentProps, type ReactNode } from 'react';

/** What a card's last action left to say, until dismissed or the next action. */
export type Message = { ok: boolean; text: string } | null;

/**
 * A staff table whose rows open a form in place (the Seasons tab's cards): which form is open
 * (one at a time, by key), the card's message, and `done`, every form's onDone: it closes the
 * form and shows what was saved (a Cancel passes null and says nothing).
 */
export function useInlineEdit<Key extends string>() {
  const [editing, setEditing] = useState<Key | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const done = (text: string | null) => {
    setEditing(null);
    if (text) setMessage({ ok: true, text });
  };
  return { editing, setEditing, message, setMessage, done };
}

export function MessageAlert({ message, onClose }: { message: Message; onClose(): void }) {
  if (!message) return null;
  return (
    <Alert color={message.ok ? 'green' : 'red'} variant="light" role={message.ok ? 'status' : 'alert'} withCloseButton closeButtonLabel="Dismiss" onClose={onClose}>
      {message.text}
    </Alert>
  );
}

/** A table row given over to a form: one cell across the table's `columns`. */
export function EditRow({ columns, children, ...row }: { columns: number; children: ReactNode } & ComponentProps<typeof Table.Tr>) {
  return (
    <Table.Tr {...row}>
      <Table.Td colSpan={columns}>{children}</Table.Td>
    </Table.Tr>
  );
}

/** A form's submit button (`label`) and its Cancel, which closes the form unsaved. */
export function SaveOrCancel({ label, saving, onCancel }: { label: string; saving: boolean; onCancel(): void }) {
  return (
    <Group>
      <Button type="submit" size="xs" loading={saving}>
        {label}
      </Button>
      <Button size="xs" variant="default" onClick={onCancel}>
        Cancel
      </Button>
    </Group>
  );
}
