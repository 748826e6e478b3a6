import { Button, MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider, useConfirm } from './ConfirmProvider';
import { NOTICE_TIMEOUT_MS, NoticeSlot, useNotice } from './ResultNotice';

function NoticeDemo() {
  const { notice, show, clear } = useNotice();
  return (
    <>
      <Button onClick={() => show({ color: 'green', message: 'Team updated successfully' })}>Save</Button>
      <NoticeSlot notice={notice} onClose={clear} />
    </>
  );
}

function ConfirmDemo() {
  const confirm = useConfirm();
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <Button onClick={async () => setAnswer(String(await confirm({ title: 'Reset Elo?', message: 'Every player goes back to 1000.', confirmLabel: 'Reset' })))}>
        Run
      </Button>
      <p>answer: {answer}</p>
    </>
  );
}

/** Like the admin tools: the button shows it is busy (disabled) while the Elo effect is previewed, then asks. */
function PreviewThenConfirmDemo() {
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const [ran, setRan] = useState(0);
  async function run() {
    setBusy(true);
    // A disabled button loses focus in a browser; happy-dom keeps it, so the test blurs it as Chromium would.
    (document.activeElement as HTMLElement | null)?.blur();
    await new Promise((resolve) => setTimeout(resolve, 10));
    setBusy(false);
    if (!(await confirm({ title: 'Recalculate?', message: 'Largest changes first.' }))) return;
    // Runs what was confirmed: busy again for a moment.
    setBusy(true);
    (document.activeElement as HTMLElement | null)?.blur();
    await new Promise((resolve) => setTimeout(resolve, 50));
    setBusy(false);
    setRan((count) => count + 1);
  }
  return (
    <>
      <Button>Before</Button>
      <Button loading={busy} onClick={() => void run()}>
        Recalculate All
      </Button>
      <p>runs finished: {ran}</p>
    </>
  );
}

const inMantine = (ui: React.ReactNode) => render(<MantineProvider env="test">{ui}</MantineProvider>);

describe('ResultNotice', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a notice and hides it after 15 seconds, restarting the wait for a new notice', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    inMantine(<NoticeDemo />);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('status').textContent).toContain('Team updated successfully');
    act(() => vi.advanceTimersByTime(NOTICE_TIMEOUT_MS - 1000));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    act(() => vi.advanceTimersByTime(NOTICE_TIMEOUT_MS - 1000));
    expect(screen.queryByRole('status')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1500));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('closes on its close button', async () => {
    inMantine(<NoticeDemo />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('useConfirm', () => {
  it('resolves true on the confirm button and false on Cancel', async () => {
    inMantine(
      <ConfirmProvider>
        <ConfirmDemo />
      </ConfirmProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByText('Every player goes back to 1000.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(screen.getByText('answer: true')).toBeTruthy());
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByText('answer: false')).toBeTruthy());
  });

  it('returns focus to the button that opened it, not to the page start (where Tab finds the skip link)', async () => {
    inMantine(
      <ConfirmProvider>
        <PreviewThenConfirmDemo />
      </ConfirmProvider>,
    );
    const opener = screen.getByRole('button', { name: 'Recalculate All' });
    await userEvent.click(opener);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(opener));
    await userEvent.click(opener);
    await screen.findByRole('dialog', { name: 'Recalculate?' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(opener));
    // Confirmed: the button is busy running it, then has the focus back.
    await userEvent.click(opener);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    // The run ends before the test does: a state update after the test's window is gone fails the whole run.
    await screen.findByText('runs finished: 1');
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('says what is missing when used outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => inMantine(<ConfirmDemo />)).toThrow(/ConfirmProvider/);
  });
});
