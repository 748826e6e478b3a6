import { Button, Group, Modal, Text } from '@mantine/core';
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  /** The confirming button's text; 'Confirm' when left out. */
  confirmLabel?: string;
  /** 'red' for destructive actions. */
  color?: string;
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/** Holds the one confirmation dialog of the admin area (mounted by the /admin layout). */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolveRef = useRef<((answer: boolean) => void) | null>(null);
  const lastFocused = useRef<HTMLElement | null>(null);
  const opener = useRef<HTMLElement | null>(null);

  // The dialog is opened from code, usually after a preview during which the clicked button
  // was busy (disabled, so the browser took its focus away): the Modal's own focus return
  // would find nothing focused and leave focus at the page start, where Tab shows the skip
  // link. So the last control focused outside a dialog is remembered, and focus goes back to it.
  useEffect(() => {
    const remember = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement && !event.target.closest('[role="dialog"]')) lastFocused.current = event.target;
    };
    document.addEventListener('focusin', remember);
    return () => document.removeEventListener('focusin', remember);
  }, []);

  const confirm = useCallback<Confirm>((next) => {
    resolveRef.current?.(false);
    opener.current = lastFocused.current;
    setOptions(next);
    return new Promise<boolean>((resolve) => {
      resolveRef.current = resolve;
    });
  }, []);

  const answer = (value: boolean) => {
    resolveRef.current?.(value);
    resolveRef.current = null;
    setOptions(null);
    returnFocus(opener.current);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Modal opened={options !== null} onClose={() => answer(false)} title={options?.title} centered returnFocus={false}>
        {typeof options?.message === 'string' ? <Text size="sm">{options.message}</Text> : options?.message}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => answer(false)}>
            Cancel
          </Button>
          <Button color={options?.color} onClick={() => answer(true)} data-autofocus>
            {options?.confirmLabel ?? 'Confirm'}
          </Button>
        </Group>
      </Modal>
    </ConfirmContext.Provider>
  );
}

/**
 * Focus back on the opener once the dialog has let go of it (the next frame); if the opener is
 * gone (its row deleted), on the page's main region, so Tab goes on from there.
 */
function returnFocus(element: HTMLElement | null) {
  requestAnimationFrame(() => {
    if (element?.isConnected && !element.matches(':disabled')) element.focus({ preventScroll: true });
    else document.getElementById('main-content')?.focus({ preventScroll: true });
  });
}

/**
 * Asks before an admin action runs: `if (!(await confirm({ title, message }))) return;`.
 * Resolves true on Confirm, false on Cancel or when the dialog is closed.
 */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm needs a <ConfirmProvider> above it (the /admin layout has one)');
  return confirm;
}
