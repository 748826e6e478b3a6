import { describe, expect, it } from 'vitest';
import { parseScoreboard, pastedCounts, splitCells } from './scoreboard-paste';

describe('reading a pasted scoreboard', () => {
  it('reads tab-separated rows with a header, in any column order, and lists the columns it does not use', () => {
    const text = 'Player\tRating\tD\tK\tA\tHS\tDamage\nowlEye\t1.21\t15\t20\t3\t10\t1980\nbeak\t0.9\t18\t12\t2\t\t1500\n';
    const result = parseScoreboard(text, 10);
    expect(result).toEqual({
      ok: true,
      ignoredColumns: ['Rating'],
      lines: [
        { player: 'owlEye', counts: { kills: 20, deaths: 15, assists: 3, headshots: 10, damage: 1980 }, rates: {} },
        // An empty cell is not known: null, never 0.
        { player: 'beak', counts: { kills: 12, deaths: 18, assists: 2, headshots: null, damage: 1500 }, rates: {} },
      ],
    });
  });

  it('reads comma-separated rows without a header as Player, K, D, A, HS, Damage', () => {
    const result = parseScoreboard('owlEye,20,15,3,10,1980\r\nbeak,12,18,2,4,1500', 10);
    expect(result.ok && result.lines.map((line) => [line.player, line.counts])).toEqual([
      ['owlEye', { kills: 20, deaths: 15, assists: 3, headshots: 10, damage: 1980 }],
      ['beak', { kills: 12, deaths: 18, assists: 2, headshots: 4, damage: 1500 }],
    ]);
    // Four columns are enough: Player, K, D, A.
    const short = parseScoreboard('owlEye,20,15,3', 10);
    expect(short.ok && short.lines[0]!.counts).toEqual({ kills: 20, deaths: 15, assists: 3 });
  });

  it('reads quoted fields holding commas and quotes, and a thousands separator in a quoted count', () => {
    expect(splitCells('"Smith, J",20\n"say ""hi""",3', ',')).toEqual([
      ['Smith, J', '20'],
      ['say "hi"', '3'],
    ]);
    const result = parseScoreboard('Name,Kills,Deaths,Assists,Damage\n"Smith, J",20,15,3,"1,980"', 10);
    expect(result.ok && result.lines[0]).toEqual({ player: 'Smith, J', counts: { kills: 20, deaths: 15, assists: 3, damage: 1980 }, rates: {} });
  });

  it('recognises common header names: ADR, HS %, KAST, multi-kills, entries and clutches', () => {
    const text = 'Nickname\tKills\tDeaths\tAssists\tADR\tHS %\tKAST\t2K\t3k\tFirst Kills\tClutch wins\tMVPs\nowlEye\t20\t15\t3\t90.5\t50%\t75\t2\t1\t4\t1\t3';
    const result = parseScoreboard(text, 10);
    if (!result.ok) throw new Error(result.message);
    const [line] = result.lines;
    expect(line!.rates).toEqual({ adr: 90.5, hs_pct: 50, kast_pct: 75 });
    expect(line!.counts).toMatchObject({ kills_2k: 2, kills_3k: 1, first_kills: 4, clutch_wins: 1, mvps: 3 });
    // With the map's 22 rounds: damage from ADR, headshots from HS % of kills, KAST rounds from KAST %.
    expect(pastedCounts(line!, 22)).toMatchObject({ damage: 1991, headshots: 10, kast_rounds: 17 });
    // Rounds not known yet: the rate cannot become a count, so it stays unknown.
    expect(pastedCounts(line!, null)).toMatchObject({ damage: null, headshots: 10, kast_rounds: null });
  });

  it('names the line with the wrong number of columns', () => {
    expect(parseScoreboard('Player\tK\tD\tA\nowlEye\t20\t15\t3\nbeak\t12\t18', 10)).toEqual({ ok: false, message: 'Line 3 has 3 columns, but the header has 4.' });
    expect(parseScoreboard('owlEye,20,15,3\nbeak,12,18,2,4', 10)).toEqual({ ok: false, message: 'Line 2 has 5 columns, but the first line has 4.' });
    expect(parseScoreboard('owlEye,20,15', 10)).toMatchObject({ ok: false, message: expect.stringContaining('Line 1 has 3 columns') });
  });

  it('names a cell that is not a count, a negative count, and a missing column', () => {
    expect(parseScoreboard('Player,K,D,A\nowlEye,20,lots,3', 10)).toEqual({ ok: false, message: 'Line 2, deaths: "lots" is not a number.' });
    expect(parseScoreboard('owlEye,20,-1,3', 10)).toEqual({ ok: false, message: 'Line 1, deaths: -1 is below 0.' });
    expect(parseScoreboard('owlEye,20.5,1,3', 10)).toEqual({ ok: false, message: 'Line 1, kills: 20.5 is not a whole number.' });
    expect(parseScoreboard('Player,K,A\nowlEye,20,3', 10)).toEqual({ ok: false, message: 'Line 1: no deaths column (name it D or Deaths).' });
    expect(parseScoreboard('K,D,A,Team\n1,2,3,Owls', 10)).toMatchObject({ ok: false, message: expect.stringContaining('no Player column') });
  });

  it('refuses more rows than the team has room for, and empty text', () => {
    const six = Array.from({ length: 6 }, (_, i) => `p${i},1,1,1`).join('\n');
    expect(parseScoreboard(six, 5)).toEqual({ ok: false, message: '6 player rows, but this team has room for 5.' });
    expect(parseScoreboard(' \n\n', 5)).toMatchObject({ ok: false, message: expect.stringContaining('Nothing to read') });
  });

  it('skips blank lines and reads semicolon-separated text from a European spreadsheet', () => {
    const result = parseScoreboard('Player;K;D;A;ADR\n\nowlEye;20;15;3;90,5\n', 10);
    expect(result.ok && result.lines).toEqual([{ player: 'owlEye', counts: { kills: 20, deaths: 15, assists: 3 }, rates: { adr: 90.5 } }]);
  });
});
