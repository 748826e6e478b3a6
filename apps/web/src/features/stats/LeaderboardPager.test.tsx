import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LeaderboardPager } from './LeaderboardPager';

describe('LeaderboardPager', () => {
  it('shows the page and asks for the one before or after, each button off at its end', () => {
    const onPage = vi.fn();
    const { rerender } = render(
      <MantineProvider>
        <LeaderboardPager currentPage={1} totalPages={3} onPage={onPage} />
      </MantineProvider>,
    );
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenLastCalledWith(2);

    rerender(
      <MantineProvider>
        <LeaderboardPager currentPage={3} totalPages={3} onPage={onPage} />
      </MantineProvider>,
    );
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPage).toHaveBeenLastCalledWith(2);
  });

  it('is not there when everything fits on one page', () => {
    render(
      <MantineProvider>
        <LeaderboardPager currentPage={1} totalPages={1} onPage={() => undefined} />
      </MantineProvider>,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });
});
