import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeServerError, renderWithProviders } from '../common/testing';
import { SignInPage } from './SignInPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SignInPage', () => {
  it('shows a failure above the form, keeps the email, empties the password and focuses it; no alert', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    renderWithProviders(<SignInPage />, {
      path: '/signin',
      api: {
        'auth.signIn': () => {
          throw new FakeServerError('Invalid email or password', 'BAD_REQUEST');
        },
      },
    });
    const user = userEvent.setup();
    const email = (await screen.findByRole('textbox', { name: 'Email' })) as HTMLInputElement;
    await user.type(email, 'owner@league.test');
    const password = screen.getByLabelText(/^Password/) as HTMLInputElement;
    await user.type(password, 'not the password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
    expect(email.value).toBe('owner@league.test');
    await waitFor(() => expect(password.value).toBe(''));
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(alert).not.toHaveBeenCalled();
  });
});
