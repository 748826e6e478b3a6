import type { DivisionLine, DivisionStandingsRow, StandingsDivision } from '@campus-elo/api-contract';
import { bandOfPlace, linePlacesText } from '@campus-elo/domain';
import { Fragment, useId, useState } from 'react';
import { RouterAnchor } from '../common/RouterAnchor';
import { PlusMinus, UNKNOWN_STAT } from '../common/stat-format';
import { formatChance, mainLine, TIEBREAK_NAMES } from './standings-wording';
import classes from './Standings.module.css';
import { VisuallyHidden } from '../common/VisuallyHidden';

/** Teams level on points, in place order, and the number their footnote carries. */
interface TieGroup {
  note: number;
  points: number;
  rows: DivisionStandingsRow[];
}

/** Runs of two or more teams level on points (the table is in place order, so they are neighbours). */
export function tieGroups(rows: readonly DivisionStandingsRow[]): TieGroup[] {
  const groups: TieGroup[] = [];
  let run: DivisionStandingsRow[] = [];
  const close = () => {
    if (run.length > 1) groups.push({ note: groups.length + 1, points: run[0]!.points, rows: run });
  };
  for (const row of rows) {
    if (run.length > 0 && run[0]!.points !== row.points) {
      close();
      run = [];
    }
    run.push(row);
  }
  close();
  return groups;
}

/** 'Tied on 6 points: Owls, Hawks. Separated by head-to-head, then map difference.' */
export function tieNoteText(group: TieGroup, tiebreakers: StandingsDivision['tiebreakers']): string {
  const used = new Set(group.rows.map((row) => row.tiebreak).filter((decider) => decider !== null));
  const order = [...tiebreakers, 'name' as const].filter((decider) => used.has(decider));
  const names = group.rows.map((row) => row.team.name).join(', ');
  const points = `${group.points} ${group.points === 1 ? 'point' : 'points'}`;
  const decided = order.length > 0 ? ` Separated by ${order.map((decider) => TIEBREAK_NAMES[decider]).join(', then ')}.` : '';
  return `Tied on ${points}: ${names}.${decided}`;
}

/** A band's colour by its kind and how narrow it is among its kind (the narrowest qualify line darkest). */
function bandTone(line: DivisionLine, lines: readonly DivisionLine[]): string {
  if (line.kind === 'relegate') return 'relegate';
  const narrower = lines.filter((other) => other.kind === 'qualify' && other.place < line.place).length;
  return narrower === 0 ? 'qualify' : 'qualifyWide';
}

/** The line a row sits right under (a qualify line at its place) or right above (a relegate line at its place). */
function linesAfter(place: number, lines: readonly DivisionLine[], teams: number) {
  return lines.filter((line) => line.kind === 'qualify' && line.place === place && place < teams);
}
function linesBefore(place: number, lines: readonly DivisionLine[]) {
  return lines.filter((line) => line.kind === 'relegate' && line.place === place && place > 1);
}

/**
 * The latest division results as one line of letters, newest first ('WWLW'), read out as
 * words. Narrower than the team page's badges: a table row has room for a word, not five boxes.
 */
function FormCell({ form }: { form: readonly ('W' | 'L')[] }) {
  if (form.length === 0) return <>{UNKNOWN_STAT}</>;
  return (
    <span className={classes.form}>
      <span aria-hidden="true">
        {form.map((letter, index) => (
          // At most five letters that never reorder: the position is the identity.
          <span key={index} data-result={letter}>
            {letter}
          </span>
        ))}
      </span>
      <VisuallyHidden>Latest first: {form.map((letter) => (letter === 'W' ? 'win' : 'loss')).join(', ')}</VisuallyHidden>
    </span>
  );
}

/** One division's table: bands for its lines with their labels, a footnote beside teams level on points, and the chance of ending inside each line. */
export function StandingsTable({ division }: { division: StandingsDivision }) {
  const [allColumns, setAllColumns] = useState(false);
  const toggleId = useId();
  const ties = tieGroups(division.rows);
  const noteOf = new Map(ties.flatMap((group) => group.rows.map((row) => [row.team.id, group.note] as const)));
  const main = mainLine(division.lines);
  const chanceLines = [...division.lines].sort((a, b) => (a === main ? -1 : b === main ? 1 : a.place - b.place));
  const columnCount = 9 + chanceLines.length;
  const lineRow = (line: DivisionLine) => (
    <tr key={`line-${line.label}`} className={classes.lineRow} data-line-kind={line.kind}>
      <td colSpan={columnCount}>
        <span aria-hidden="true">{line.kind === 'qualify' ? '▲ ' : '▼ '}</span>
        {line.label}: {linePlacesText(line).toLowerCase()}
      </td>
    </tr>
  );

  return (
    <div className={classes.tableBlock}>
      {division.lines.length > 0 && (
        <ul className={classes.legend} aria-label="Lines">
          {[...division.lines]
            .sort((a, b) => (a.kind === b.kind ? a.place - b.place : a.kind === 'qualify' ? -1 : 1))
            .map((line) => (
              <li key={line.label} data-legend-line={line.label}>
                <span className={classes.swatch} data-tone={bandTone(line, division.lines)} aria-hidden="true" />
                {line.label}: {linePlacesText(line).toLowerCase()}
              </li>
            ))}
        </ul>
      )}
      <label className={classes.columnToggle} htmlFor={toggleId}>
        <input id={toggleId} type="checkbox" checked={allColumns} onChange={(event) => setAllColumns(event.currentTarget.checked)} /> Show every column
      </label>
      <div className={classes.scroller}>
        <table className={classes.table} data-all-columns={allColumns} data-standings-table={division.name}>
          <caption className={classes.caption}>{division.name} standings</caption>
          <thead>
            <tr>
              <th scope="col" className={classes.numeric}>
                <abbr title="Place">#</abbr>
              </th>
              <th scope="col">Team</th>
              <th scope="col" className={`${classes.numeric} ${classes.wide}`}>
                <abbr title="Played">P</abbr>
              </th>
              <th scope="col" className={classes.numeric}>
                <abbr title="Wins and losses">W–L</abbr>
              </th>
              <th scope="col" className={classes.numeric}>
                <abbr title="Points">Pts</abbr>
              </th>
              <th scope="col" className={`${classes.numeric} ${classes.wide}`} title="Maps won minus maps lost">
                Maps +/-
              </th>
              <th scope="col" className={`${classes.numeric} ${classes.wide}`} title="Rounds won minus rounds lost">
                Rounds +/-
              </th>
              <th scope="col" className={classes.wide}>
                Form
              </th>
              <th scope="col" className={`${classes.numeric} ${classes.wide}`}>
                Elo
              </th>
              {chanceLines.map((line) => (
                <th key={line.label} scope="col" className={line === main ? classes.numeric : `${classes.numeric} ${classes.wide}`} title={`Chance of finishing in ${line.label} (${linePlacesText(line).toLowerCase()})`}>
                  {line.label} chance
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {division.rows.map((row) => {
              const band = bandOfPlace(row.place, division.lines);
              const note = noteOf.get(row.team.id);
              return (
                <Fragment key={row.team.id}>
                  {linesBefore(row.place, division.lines).map(lineRow)}
                  <tr className={classes.row} data-team-id={row.team.id} data-band={band?.label} data-tone={band ? bandTone(band, division.lines) : undefined}>
                    <td className={`${classes.numeric} ${classes.place}`}>{row.place}</td>
                    <th scope="row" className={classes.team}>
                      <RouterAnchor to="/teams/$id" params={{ id: row.team.id }} fw={600}>
                        {row.team.name}
                      </RouterAnchor>
                    </th>
                    <td className={`${classes.numeric} ${classes.wide}`}>{row.played}</td>
                    <td className={classes.numeric}>
                      {row.wins}–{row.losses}
                    </td>
                    <td className={classes.numeric} data-points>
                      {row.points}
                      {note !== undefined && (
                        <>
                          <sup className={classes.tieMark} aria-hidden="true">
                            {note}
                          </sup>
                          <VisuallyHidden>, tied: see note {note}</VisuallyHidden>
                        </>
                      )}
                    </td>
                    <td className={`${classes.numeric} ${classes.wide}`}>
                      <PlusMinus value={row.map_diff} />
                    </td>
                    <td className={`${classes.numeric} ${classes.wide}`}>
                      <PlusMinus value={row.round_diff} />
                    </td>
                    <td className={classes.wide}>
                      <FormCell form={row.form} />
                    </td>
                    <td className={`${classes.numeric} ${classes.wide}`}>{row.elo}</td>
                    {chanceLines.map((line) => {
                      const chance = row.chances?.lines[line.label];
                      return (
                        <td key={line.label} className={line === main ? classes.numeric : `${classes.numeric} ${classes.wide}`} data-chance={line.label}>
                          {chance === undefined ? UNKNOWN_STAT : formatChance(chance)}
                        </td>
                      );
                    })}
                  </tr>
                  {linesAfter(row.place, division.lines, division.rows.length).map(lineRow)}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
      {ties.length > 0 && (
        <ol className={classes.notes} aria-label="Ties">
          {ties.map((group) => (
            <li key={group.note} value={group.note} data-tie-note>
              {tieNoteText(group, division.tiebreakers)}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
