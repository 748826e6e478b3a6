import type { FormEvent } from 'react';

/** A form's onSubmit that runs `action` instead of letting the browser post the page. */
export function submitted(action: () => void) {
  return (event: FormEvent) => {
    event.preventDefault();
    action();
  };
}
