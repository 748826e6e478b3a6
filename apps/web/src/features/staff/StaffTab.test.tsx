import { MantineProvider } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ConfirmProvider } from '../admin-shell';
import { ChangePasswordForm } from '../auth/ChangePasswordForm';
import { FakeServerError, renderWithProviders, type FakeProcedure } from '../common/testing';
import { StaffTab } from './StaffTab';

const owner = { id: 'u1', email: 'owner@example.test', role: 'owner', created_at: '2026-01-01T00:00:00Z', two_factor_enabled: true };
const admin = { id: 'u2', email: 'admin@example.test', role: 'admin', created_at: '2026-02-01T00:00:00Z', two_factor_enabled: false };
const LAST_OWNER = 'The league must keep at least one owner';

function renderTab(api: Record<string, FakeProcedure>) {
  return renderWithProviders(
    <MantineProvider env="test">
      <ConfirmProvider>
        <StaffTab />
      </ConfirmProvider>
    </MantineProvider>,
    { api: { 'auth.me': () => owner, 'admin.staff.list': () => ({ results: [owner, admin] }), ...api } },
  );
}

describe('Staff tab', () => {
  it('adds a staff member and shows the initial password once, with a copy button', async () => {
    const sent: unknown[] = [];
    renderTab({
      'admin.staff.create': (input: { email: string; role: string }) => {
        sent.push(input);
        return { member: { ...admin, id: 'u3', email: input.email }, initial_password: 'tulip-garage-42-sunrise' };
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'new@example.test');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const shown = await screen.findByRole('status');
    expect(within(shown).getByLabelText('Initial password').textContent).toBe('tulip-garage-42-sunrise');
    expect(shown.textContent).toContain('only once');
    expect(within(shown).getByRole('button', { name: 'Copy password' })).toBeTruthy();
    expect(sent).toEqual([{ email: 'new@example.test', role: 'admin' }]);
  });

  it('refuses a malformed email beside the field, and shows a duplicate in words', async () => {
    renderTab({
      'admin.staff.create': () => {
        throw new FakeServerError('A staff member with the email admin@example.test already exists', 'CONFLICT');
      },
    });
    const user = userEvent.setup();
    const email = await screen.findByRole('textbox', { name: 'Email' });
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    await user.clear(email);
    await user.type(email, 'admin@example.test');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A staff member with the email admin@example.test already exists');
  });

  it('changes a role, and shows why the last owner cannot be removed', async () => {
    const updates: unknown[] = [];
    renderTab({
      'admin.staff.update': (input: unknown) => {
        updates.push(input);
        return { ...admin, role: 'owner' };
      },
      'admin.staff.delete': () => {
        throw new FakeServerError(LAST_OWNER, 'CONFLICT');
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Role of admin@example.test', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Owner' }));
    await waitFor(() => expect(updates).toEqual([{ id: 'u2', role: 'owner' }]));
    expect((await screen.findByRole('status')).textContent).toBe('admin@example.test is now an owner.');

    await user.click(screen.getByRole('button', { name: 'Remove owner@example.test' }));
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    expect((await screen.findByRole('alert')).textContent).toBe(LAST_OWNER);
  });

  it('is the owner’s: an admin is told so', async () => {
    renderTab({ 'auth.me': () => admin });
    expect(await screen.findByText(/Only the site owner manages staff accounts/)).toBeTruthy();
  });
});

describe('Change password', () => {
  it('checks the new password twice, then says how many other sessions ended; a wrong current password shows beside its field', async () => {
    let calls = 0;
    renderWithProviders(<ChangePasswordForm />, {
      api: {
        'auth.changePassword': () => {
          calls += 1;
          if (calls === 1) throw new FakeServerError('The current password is not correct', 'BAD_REQUEST', [{ path: ['current_password'], message: 'The current password is not correct' }]);
          return { message: 'Password changed', sessions_ended: 2 };
        },
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Current password/), 'old-password');
    await user.type(screen.getByLabelText(/^New password \*/), 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('At least 8 characters', { selector: '.mantine-InputWrapper-error' })).toBeTruthy();
    await user.clear(screen.getByLabelText(/^New password \*/));
    await user.type(screen.getByLabelText(/^New password \*/), 'a-longer-secret');
    await user.type(screen.getByLabelText(/^New password again/), 'a-longer-secreT');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The two new passwords differ')).toBeTruthy();
    await user.clear(screen.getByLabelText(/^New password again/));
    await user.type(screen.getByLabelText(/^New password again/), 'a-longer-secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is not correct')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('status')).textContent).toBe('Password changed. 2 other sessions were signed out.');
  });
});
