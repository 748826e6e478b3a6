import { z } from 'zod';
import { eloValue, plainText, requiredName, skillLevelValue, steamIdValue } from './form-rules';
import { isPictureUrl } from './text-rules';
import { uuidParam } from './query-params';

/** Largest picture the server takes (the browser sends at most 0.5 MB after compression). */
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
const MAX_PICTURE_TEXT = Math.ceil((MAX_PICTURE_BYTES * 4) / 3) + 100;

const DATA_URL = /^data:image\/[a-z0-9.+-]+;base64,[A-Za-z0-9+/]*={0,2}$/i;

/** True for a base64 `data:image/...` URL: a new picture the server re-encodes and stores. */
export function isPictureDataUrl(value: string): boolean {
  return value.startsWith('data:') && DATA_URL.test(value);
}

/**
 * A picture in an edit payload: the current picture's URL (a site path such as
 * '/media/teams/…' or an http(s) URL), or a new picture as a base64 `data:image/...` URL.
 */
export const pictureValue = z
  .string()
  .max(MAX_PICTURE_TEXT, { error: 'The picture is larger than 5 MB' })
  .refine((value) => isPictureDataUrl(value) || (value.length <= 2048 && isPictureUrl(value)), {
    error: 'Expected a picture URL or a base64 data:image URL',
  });


/** The form's rule for optional texts: an empty one is left out of the payload. */
export function emptyAsUndefined(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

const optionalText = (max: number) => plainText(max).min(1).optional();

/** PUT /v1/teams/{id}/ and admin.teams.update. PUT replaces: a field left out becomes empty. */
export const teamEditFields = z.object({
  name: requiredName(200, 'Team name is required'),
  school_name: optionalText(200),
  elo: eloValue,
  picture: pictureValue.optional(),
});
export const teamUpdateInput = teamEditFields.extend({ id: uuidParam });

/** PUT /v1/players/{id}/ and admin.players.update. */
export const playerEditFields = z.object({
  name: requiredName(200, 'Player name is required'),
  steam_id: steamIdValue.optional(),
  faceit_id: optionalText(100),
  elo: eloValue,
  skill_level: skillLevelValue,
  /** null: no team. */
  team_id: uuidParam.nullable(),
  benched: z.boolean(),
  visible: z.boolean(),
  picture: pictureValue.optional(),
});
export const playerUpdateInput = playerEditFields.extend({ id: uuidParam });

export const entityIdInput = z.object({ id: uuidParam });

export const adminTeam = z.object({
  id: z.string(),
  name: z.string(),
  picture: z.string().nullable(),
  school_name: z.string().nullable(),
  elo: z.number().int(),
});
export const adminPlayer = z.object({
  id: z.string(),
  name: z.string(),
  picture: z.string().nullable(),
  steam_id: z.string().nullable(),
  faceit_id: z.string().nullable(),
  elo: z.number().int(),
  skill_level: z.number().int(),
  team: z.object({ id: z.string(), name: z.string() }).nullable(),
  team_id: z.string().nullable(),
  benched: z.boolean(),
  visible: z.boolean(),
});

/** The Edit Team/Player dropdowns: every team and player, sorted by name. */
/** A team in the admin pickers (edit, merge): its Elo helps tell similar names apart. */
export const teamOption = z.object({ id: z.string(), name: z.string(), elo: z.number().int() });
export const teamOptionsOutput = z.array(teamOption);
export const playerOption = z.object({ id: z.string(), name: z.string(), team_name: z.string().nullable() });
export const playerOptionsOutput = z.array(playerOption);

export type TeamEditFields = z.infer<typeof teamEditFields>;
export type PlayerEditFields = z.infer<typeof playerEditFields>;
export type AdminTeam = z.infer<typeof adminTeam>;
export type AdminPlayer = z.infer<typeof adminPlayer>;
export type TeamOption = z.infer<typeof teamOption>;
export type PlayerOption = z.infer<typeof playerOption>;
