import { KNOWN_MAP_CODES, mapDisplayName } from '@campus-elo/domain';

/** The map picker's options: the domain's map table, plus any other code already stored (an import may bring a new map). */
export function mapChoices(extraCodes: readonly (string | null)[]): { value: string; label: string }[] {
  const codes = [...KNOWN_MAP_CODES];
  for (const code of extraCodes) if (code && !codes.includes(code)) codes.push(code);
  return codes.map((code) => ({ value: code, label: mapDisplayName(code) }));
}
