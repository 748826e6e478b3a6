const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isDay = (text: string): boolean => DAY.test(text);
export const isUuid = (text: string): boolean => UUID.test(text);

/** A search parameter's value when it is text that passes `accept`; anything else is dropped. */
export function pickSearchValue<T extends string>(value: unknown, accept: (text: string) => boolean): T | undefined {
  return typeof value === 'string' && accept(value) ? (value as T) : undefined;
}
