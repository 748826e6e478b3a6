import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ConfirmProvider } from '../admin-shell';
import { renderWithProviders, type FakeProcedure } from '../common/testing';
import { ClearDatabaseTab } from './ClearDatabaseTab';

function renderTab(api: Record<string, FakeProcedure>) {
  return renderWithProviders(
    <ConfirmProvider>
      <ClearDatabaseTab />
    </ConfirmProvider>,
    { api: { 'admin.database.backups': () => ({ results: [] }), ...api } },
  );
}

async function clearWith(key: string) {
  const user = userEvent.setup();
  if (key) await user.type(screen.getByLabelText(/Security Key/), key);
  await user.click(screen.getByRole('button', { name: 'Clear Database' }));
  return user;
}

describe('Clear Database', () => {
  it('shows the key only while it is the demo default', async () => {
    renderTab({ 'admin.database.clearInfo': () => ({ default_key: 'clear-demo-league' }) });
    expect(await screen.findByText('clear-demo-league')).toBeTruthy();
  });

  it('needs a key, asks for confirmation and links the backup', async () => {
    let calls = 0;
    renderTab({
      'admin.database.clearInfo': () => ({ default_key: null }),
      'admin.database.clear': () => {
        calls += 1;
        return { message: 'Database cleared. A backup of everything removed was saved first.', backup_id: 'b1' };
      },
    });
    await screen.findByLabelText(/Security Key/);
    expect(screen.queryByText(/Default key/)).toBeNull();
    await clearWith('');
    expect(await screen.findByText('Security key is required')).toBeTruthy();
    expect(calls).toBe(0);

    const user = await clearWith('secret');
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(calls).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Clear Database' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(dialog.querySelector('button[data-autofocus]') as HTMLButtonElement);
    expect(await screen.findByText('Database cleared. A backup of everything removed was saved first.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download the backup (JSON)' }).getAttribute('href')).toBe('/v1/backups/b1/');
    expect(calls).toBe(1);
  });

  it("shows the server's error, else the fallback text", async () => {
    renderTab({
      'admin.database.clearInfo': () => ({ default_key: null }),
      'admin.database.clear': () => {
        throw new Error('The security key is not correct');
      },
    });
    await screen.findByLabelText(/Security Key/);
    const user = await clearWith('wrong');
    const dialog = await screen.findByRole('dialog');
    await user.click(dialog.querySelector('button[data-autofocus]') as HTMLButtonElement);
    expect((await screen.findByRole('alert')).textContent).toBe('The security key is not correct');
  });

  it("'Back up now' writes a backup and lists it", async () => {
    const stored: { id: string; reason: string; created_at: string; created_by: string | null; rows: Record<string, number> }[] = [];
    renderTab({
      'admin.database.clearInfo': () => ({ default_key: null }),
      'admin.database.backups': () => ({ results: stored }),
      'admin.database.createBackup': () => {
        const backup = { id: 'b1', reason: 'manual', created_at: '2026-11-22T19:00:00.000Z', created_by: 'owner@example.test', rows: { teams: 4, players: 20, matches: 9 } };
        stored.push(backup);
        return backup;
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByText('No backups yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back up now' }));
    expect(await screen.findByText('Backed up 4 teams, 20 players, 9 matches.')).toBeTruthy();
    expect(await screen.findByText('Backed up by hand (owner@example.test)')).toBeTruthy();
  });
});
