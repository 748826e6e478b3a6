import { Button, Group, Modal, Text } from '@mantine/core';
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';

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

  const confirm = useCallback<Confirm>((next) => {
    resolveRef.current?.(false);
    setOptions(next);
    return new Promise<boolean>((resolve) => {
      resolveRef.current = resolve;
    });
  }, []);

  const answer = (value: boolean) => {
    resolveRef.current?.(value);
    resolveRef.current = null;
    setOptions(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Modal opened={options !== null} onClose={() => answer(false)} title={options?.title} centered>
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
 * Asks before an admin action runs: `if (!(await confirm({ title, message }))) return;`.
 * Resolves true on Confirm, false on Cancel or when the dialog is closed.
 */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm needs a <ConfirmProvider> above it (the /admin layout has one)');
  return confirm;
}
