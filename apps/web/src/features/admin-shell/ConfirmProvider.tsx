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

const GUARD_MS = 60_000;

/**
 * Focus back on the opener once the dialog has let go of it (the next frame). The confirmed
 * action often disables the opener while it runs, or removes it (a deleted row, an Undo
 * replaced by its result), and the browser then drops focus to the page start. Until the admin
 * presses a key or clicks (or a minute passes), a dropped focus is put back: on the opener
 * when it can take it, else on the page's main region, so Tab goes on from there.
 */
function returnFocus(opener: HTMLElement | null): void {
  const main = () => document.getElementById('main-content');
  const usable = () => opener?.isConnected === true && !opener.matches(':disabled');
  const place = () => {
    const active = document.activeElement;
    if (usable() && (active === null || active === document.body || active === main())) opener!.focus({ preventScroll: true });
    else if (active === null || active === document.body) main()?.focus({ preventScroll: true });
  };
  const observer = new MutationObserver(place);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
    document.removeEventListener('keydown', stop, true);
    document.removeEventListener('pointerdown', stop, true);
  };
  const timer = window.setTimeout(stop, GUARD_MS);
  document.addEventListener('keydown', stop, true);
  document.addEventListener('pointerdown', stop, true);
  requestAnimationFrame(() => {
    if (usable()) opener!.focus({ preventScroll: true });
    else place();
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
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
