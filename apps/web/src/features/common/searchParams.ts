
/** A search parameter's value when it is text that passes `accept`; anything else is dropped. */
export function pickSearchValue<T extends string>(value: unknown, accept: (text: string) => boolean): T | undefined {
  return typeof value === 'string' && accept(value) ? (value as T) : undefined;
}
