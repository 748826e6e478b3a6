import { VisuallyHidden as MantineVisuallyHidden } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';

const HIDDEN_CLASS = `${MantineVisuallyHidden.classes.root} mantine-VisuallyHidden-root`;

/**
 * Text for screen readers only: the span Mantine's VisuallyHidden writes (its class names, taken
 * from Mantine), without its style system. Public tables have one in most rows, and each
 * Mantine component costs the server's render and the browser's hydration (docs/decisions/0097).
 */
export function VisuallyHidden({ className, ...props }: ComponentPropsWithoutRef<'span'>) {
  return <span {...props} className={className ? `${HIDDEN_CLASS} ${className}` : HIDDEN_CLASS} />;
}
