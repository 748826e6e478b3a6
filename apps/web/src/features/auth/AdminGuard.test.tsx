import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../common/testing';
import { AdminGuard } from './AdminGuard';

const staff = (setupRequired: boolean) => ({
  id: 'u1',
  email: 'admin@league.test',
  role: 'admin',
  two_factor: { enabled: false, setup_required: setupRequired },
});

describe('AdminGuard', () => {
  it('shows the two-factor setup, and nothing of the panel, while the owner requires it of this staff member', async () => {
    renderWithProviders(<AdminGuard />, {
      api: {
        'auth.me': () => staff(true),
        'auth.twoFactor.begin': () => ({ secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qr_code: 'data:image/svg+xml;base64,PHN2Zy8+' }),
      },
      path: '/admin',
    });
    expect(await screen.findByRole('heading', { name: 'Set Up Two-Factor Sign-In' })).toBeTruthy();
    expect(screen.getByText(/The owner requires two-factor sign-in for all staff/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Set Up Two-Factor Sign-In' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    expect(screen.queryByText('Not Found')).toBeNull();
  });

  it('lets staff through when nothing is required of them', async () => {
    renderWithProviders(<AdminGuard />, { api: { 'auth.me': () => staff(false) }, path: '/admin' });
    // The test router has no /admin page: its not-found text is what the guard's outlet shows.
    expect(await screen.findByText('Not Found')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Set Up Two-Factor Sign-In' })).toBeNull();
  });
});
