import { describe, it, expect } from 'vitest';
import * as domain from './index';

describe('package entry point', () => {
  it('re-exports every public function and constant', () => {
    const expected = [
      'DEFAULT_ELO',
      'DEFAULT_SKILL_LEVEL',
      'ELO_K',
      'ELO_SCALE',
      'expectedScore',
      'eloChangePreview',
      'nextElo',
      'starRating',
      'starScore',
      'teamEloFromRoster',
      'replayElo',
      'leaguespotStateName',
      'platformStatusToMatchStatus',
      'MATCH_STATUSES',
      'inferWinner',
      'excerptFromBody',
      'DEFAULT_TEAM_LOGO',
      'DEFAULT_PLAYER_PICTURE',
      'imageSrcOrFallback',
      'isUsableImageSrc',
      'upcomingWindows',
      'matchUrlForLanguage',
      'MERGE_CONFIRMATION_PHRASE',
      'isMergeConfirmation',
      'semesterName',
      'semesterBounds',
    ];
    const missing = expected.filter((name) => !(name in domain));
    expect(missing).toEqual([]);
  });
});
