export * from './types';
export { isByeTeamName, participantMatchKey, previewMatchFields, type PreviewMatchFields } from './common';
export { faceitMatchToPreview, type FaceitFaction, type FaceitMatch, type FaceitRosterPlayer } from './faceit';
export {
  LEAGUESPOT_CAPTAIN_ROLE_ID,
  LEAGUESPOT_COACH_ROLE_ID,
  LEAGUESPOT_MATCH_URL,
  leaguespotMatchToPreview,
  leaguespotSkillLevel,
  type LeaguespotListedParticipant,
  type LeaguespotMatch,
  type LeaguespotMatchParticipant,
  type LeaguespotPreviewInput,
  type LeaguespotUser,
} from './leaguespot';
