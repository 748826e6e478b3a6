import { MantineProvider } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../common/testing';
import { SignedInMenu } from './SignedInMenu';

const staff = { id: 'u1', email: 'admin@league.test', role: 'admin', two_factor: { enabled: false, setup_required: false } };

describe('SignedInMenu', () => {
  it('shows nothing to a visitor', async () => {
    let asked = false;
    renderWithProviders(<SignedInMenu />, {
      api: {
        'auth.me': () => {
          asked = true;
          return null;
        },
      },
    });
    await waitFor(() => expect(asked).toBe(true));
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('names the signed-in staff member and signs out', async () => {
    let signedOut = false;
    renderWithProviders(
      <MantineProvider env="test">
        <SignedInMenu />
      </MantineProvider>,
      {
        api: {
          'auth.me': () => (signedOut ? null : staff),
          'auth.signOut': () => {
            signedOut = true;
            return { ok: true };
          },
        },
      },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Signed in as admin@league.test' }));
    expect(screen.getByRole('menuitem', { name: 'Admin Panel' }).getAttribute('href')).toBe('/admin');
    await user.click(screen.getByRole('menuitem', { name: 'Sign Out' }));
    await waitFor(() => expect(signedOut).toBe(true));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Signed in as/ })).toBeNull());
  });
});
