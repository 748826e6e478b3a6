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
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('names the signed-in staff member, links to the Admin Panel and signs out', async () => {
    let signedOut = false;
    renderWithProviders(<SignedInMenu />, {
      api: {
        'auth.me': () => (signedOut ? null : staff),
        'auth.signOut': () => {
          signedOut = true;
          return { ok: true };
        },
      },
    });
    const user = userEvent.setup();
    const link = await screen.findByRole('link', { name: 'Signed in as admin@league.test' });
    expect(link.getAttribute('href')).toBe('/admin');
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(signedOut).toBe(true));
    await waitFor(() => expect(screen.queryByRole('link', { name: /Signed in as/ })).toBeNull());
  });
});
