import { staffCreateInput, type StaffCreateOutput, type StaffMember } from '@campus-elo/api-contract';
import { Alert, Badge, Button, Card, Code, CopyButton, Group, ScrollArea, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { fieldErrors, serverMessage } from '../../lib/error-message';
import { trpc } from '../../lib/trpc';
import { useConfirm } from '../admin-shell';
import { formatDate, browserTimeZone } from '../common/format';
import { LoadingState } from '../common/states';
import { useIsOwner } from '../control-panel/inputs';
import { ColumnHeaders } from '../admin-shell/TableParts';

const ROLES = [
  { value: 'admin', label: 'Admin' },
  { value: 'owner', label: 'Owner' },
];
type Role = 'admin' | 'owner';

/** The Staff tab: the owner adds staff, changes roles and removes accounts. Admins are told it is the owner's. */
export function StaffTab() {
  const isOwner = useIsOwner();
  const me = trpc.auth.me.useQuery();
  if (me.isPending) return <LoadingState />;
  if (!isOwner) return <Text>Only the site owner manages staff accounts. Change your own password under Account Security.</Text>;
  return (
    <Stack>
      <AddStaffCard />
      <StaffList myId={me.data?.id} />
    </Stack>
  );
}

function AddStaffCard() {
  const utils = trpc.useUtils();
  const create = trpc.admin.staff.create.useMutation({ onSuccess: () => utils.admin.staff.list.invalidate() });
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('admin');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState<StaffCreateOutput | null>(null);

  async function add() {
    setFormError(null);
    setCreated(null);
    const parsed = staffCreateInput.safeParse({ email: email.trim(), role });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    try {
      setCreated(await create.mutateAsync(parsed.data));
      setEmail('');
    } catch (error) {
      const byField = fieldErrors(error);
      setErrors(byField);
      if (Object.keys(byField).length === 0) setFormError(serverMessage(error) ?? 'The account could not be added. Try again.');
    }
  }

  return (
    <Card withBorder padding="lg" component="section" aria-label="Add a staff member">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Add a staff member
        </Title>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void add();
          }}
        >
          <Group align="flex-start">
            <TextInput label="Email" type="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={errors.email} w={320} />
            <Select label="Role" data={ROLES} value={role} onChange={(value) => value && setRole(value as Role)} allowDeselect={false} w={160} />
            <Button type="submit" mt={25} loading={create.isPending}>
              Add
            </Button>
          </Group>
        </form>
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        {created && (
          <Alert color="yellow" variant="light" title={`${created.member.email} was added`} role="status" withCloseButton closeButtonLabel="Dismiss" onClose={() => setCreated(null)}>
            <Stack gap="xs">
              <Text size="sm">
                Their initial password is shown <strong>only once</strong>: copy it now and give it to them. They sign in with it and then change it under Account Security.
              </Text>
              <Group gap="sm">
                <Code fz="md" aria-label="Initial password">
                  {created.initial_password}
                </Code>
                <CopyButton value={created.initial_password}>
                  {({ copied, copy }) => (
                    <Button size="xs" variant="default" onClick={copy}>
                      {copied ? 'Copied' : 'Copy password'}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </Stack>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

function StaffList({ myId }: { myId: string | undefined }) {
  const utils = trpc.useUtils();
  const confirm = useConfirm();
  const staff = trpc.admin.staff.list.useQuery();
  const update = trpc.admin.staff.update.useMutation({ onSuccess: () => utils.admin.staff.list.invalidate() });
  const remove = trpc.admin.staff.delete.useMutation({ onSuccess: () => utils.admin.staff.list.invalidate() });
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function changeRole(member: StaffMember, role: Role) {
    setMessage(null);
    try {
      await update.mutateAsync({ id: member.id, role });
      setMessage({ ok: true, text: `${member.email} is now ${role === 'owner' ? 'an owner' : 'an admin'}.` });
    } catch (error) {
      setMessage({ ok: false, text: serverMessage(error) ?? 'The role could not be changed. Try again.' });
    }
  }

  async function removeMember(member: StaffMember) {
    setMessage(null);
    const agreed = await confirm({
      title: 'Remove this staff member?',
      message: `${member.email} can no longer sign in; their sessions end now. What they changed stays in the Activity tab.`,
      confirmLabel: 'Remove',
      color: 'red',
    });
    if (!agreed) return;
    try {
      await remove.mutateAsync({ id: member.id });
      setMessage({ ok: true, text: `${member.email} was removed.` });
    } catch (error) {
      setMessage({ ok: false, text: serverMessage(error) ?? 'The account could not be removed. Try again.' });
    }
  }

  if (staff.isError) {
    return (
      <Text c="red.9" role="alert">
        The staff list could not be loaded. Try again.
      </Text>
    );
  }
  if (staff.isPending) return <LoadingState label="Loading staff" />;
  return (
    <Stack gap="sm">
      {message && (
        <Alert color={message.ok ? 'green' : 'red'} variant="light" role={message.ok ? 'status' : 'alert'} withCloseButton closeButtonLabel="Dismiss" onClose={() => setMessage(null)}>
          {message.text}
        </Alert>
      )}
      <ScrollArea type="auto">
        <Table striped withTableBorder miw={640}>
          <Table.Caption>Staff accounts: {staff.data.results.length}</Table.Caption>
          <ColumnHeaders labels={['Email', 'Role', 'Two-factor', 'Added', '']} />
          <Table.Tbody>
            {staff.data.results.map((member) => (
              <Table.Tr key={member.id}>
                <Table.Td>
                  {member.email}
                  {member.id === myId && (
                    <Badge ml="xs" size="xs" variant="light">
                      You
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`Role of ${member.email}`}
                    data={ROLES}
                    value={member.role}
                    onChange={(value) => value && value !== member.role && void changeRole(member, value as Role)}
                    allowDeselect={false}
                    w={130}
                    size="xs"
                  />
                </Table.Td>
                <Table.Td>{member.two_factor_enabled ? 'On' : 'Off'}</Table.Td>
                <Table.Td>{formatDate(member.created_at, browserTimeZone())}</Table.Td>
                <Table.Td>
                  <Button size="xs" variant="default" color="red" onClick={() => void removeMember(member)} aria-label={`Remove ${member.email}`}>
                    Remove
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Stack>
  );
}
