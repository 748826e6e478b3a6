import { Alert } from '@mantine/core';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

/** Admin result notices vanish after 15 seconds (docs/product.md, constants). */
export const NOTICE_TIMEOUT_MS = 15_000;

export interface Notice {
  /** Green only when nothing failed; yellow when some items failed (listed in the message); red when the action failed. */
  color: 'green' | 'yellow' | 'red';
  title?: string;
  message: ReactNode;
  /** Stays until dismissed: a result that offers Undo or lists what failed must not vanish while being read. */
  sticky?: boolean;
}

interface ResultNoticeProps extends Notice {
  onClose(): void;
}

/** Calls `onClose` once `ms` have passed since the calling component appeared. */
export function useAutoHide(onClose: () => void, ms = NOTICE_TIMEOUT_MS, enabled = true): void {
  // The latest onClose, so a parent's re-render does not restart the countdown.
  const latest = useRef(onClose);
  useEffect(() => {
    latest.current = onClose;
  });
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => latest.current(), ms);
    return () => clearTimeout(timer);
  }, [ms, enabled]);
}

/**
 * A green (success), yellow (partly failed) or red (failure) notice with a close button that
 * also closes itself 15 seconds after it appears, unless sticky. Render it only while there is something to say, with a new
 * `key` for each new notice (NoticeSlot does both).
 */
export function ResultNotice({ color, title, message, sticky = false, onClose }: ResultNoticeProps) {
  useAutoHide(onClose, NOTICE_TIMEOUT_MS, !sticky);
  return (
    <Alert
      color={color}
      variant="light"
      title={title}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
      role={color === 'green' ? 'status' : 'alert'}
    >
      {message}
    </Alert>
  );
}

/**
 * The state behind one notice: `show` replaces it, `clear` removes it.
 * `{notice && <ResultNotice {...notice} onClose={clear} />}`
 */
export function useNotice() {
  const [notice, setNotice] = useState<(Notice & { id: number }) | null>(null);
  const show = useCallback((next: Notice) => setNotice({ ...next, id: Date.now() + Math.random() }), []);
  const clear = useCallback(() => setNotice(null), []);
  return { notice, show, clear };
}

/** `{notice && <ResultNotice …/>}` in one: keyed by notice, so a repeated notice restarts its countdown. */
export function NoticeSlot({ notice, onClose }: { notice: (Notice & { id: number }) | null; onClose(): void }) {
  if (!notice) return null;
  return <ResultNotice key={notice.id} color={notice.color} title={notice.title} message={notice.message} sticky={notice.sticky} onClose={onClose} />;
}
