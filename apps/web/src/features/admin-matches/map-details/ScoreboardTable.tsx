import { Alert, Autocomplete, Button, CloseButton, Group, ScrollArea, Stack, Table, Text, Textarea, Title, VisuallyHidden } from '@mantine/core';
import { memo, useCallback, useState, type ClipboardEvent } from 'react';
import { WholeNumberInput } from '../../admin-shell/WholeNumberInput';
import { emptyLine, isBlankLine, type FormProblems, type LineValues, type Side } from './map-details-form';
import { pastedPlayer, playerByLabel, type PlayerChoices } from './player-choices';
import { ALL_COLUMNS, MAIN_COLUMNS, columnLabel, type CountColumn } from './scoreboard-columns';
import { parseScoreboard, pastedCounts, type PastedLine } from './scoreboard-paste';

type LinesUpdate = (lines: LineValues[]) => LineValues[];

interface ScoreboardTableProps {
  /** 'Map 1': the start of every field's label, so each is unique on the page. */
  mapLabel: string;
  teamName: string;
  side: Side;
  lines: LineValues[];
  /** Stable across renders: rows are memoised, so a keystroke redraws one row, not every table. */
  onChange(side: Side, update: LinesUpdate): void;
  choices: PlayerChoices;
  showMore: boolean;
  /** The map's rounds (from its score), to turn a pasted ADR, HS % or KAST % into counts. */
  rounds: number | null;
  maxRows: number;
  /** The form's problems, and this table's prefix in their keys (`maps.0.lines.1`). */
  problems: FormProblems;
  problemPrefix: string;
}

/** Pasted lines as rows: a known player is linked, anyone else kept as the typed nickname. */
function pastedRows(pasted: PastedLine[], choices: PlayerChoices, rounds: number | null): LineValues[] {
  return pasted.map((line) => {
    const player = pastedPlayer(choices, line.player);
    const row = emptyLine();
    row.player_id = player?.id ?? null;
    row.nickname = player?.name ?? line.player;
    for (const [key, value] of Object.entries(pastedCounts(line, rounds))) row.counts[key as keyof LineValues['counts']] = value ?? '';
    return row;
  });
}

/** One team's scoreboard on one map: a row per player, typed or pasted from a spreadsheet. */
export const ScoreboardTable = memo(function ScoreboardTable({ mapLabel, teamName, side, lines, onChange, choices, showMore, rounds, maxRows, problems, problemPrefix }: ScoreboardTableProps) {
  const [pasteOpen, setPasteOpen] = useState(false);
  const [pasteText, setPasteText] = useState('');
  const [pasteNote, setPasteNote] = useState<{ error: boolean; text: string } | null>(null);
  const columns = showMore ? ALL_COLUMNS : MAIN_COLUMNS;
  const who = `${mapLabel}, ${teamName}`;

  const setLine = useCallback((row: number, change: Partial<LineValues>) => onChange(side, (current) => current.map((line, index) => (index === row ? { ...line, ...change } : line))), [onChange, side]);

  /** Fills rows from `start` on; returns false (and says why) when the text cannot be read. */
  const fill = useCallback(
    (text: string, start: number): boolean => {
      const result = parseScoreboard(text, maxRows - start);
      if (!result.ok) {
        setPasteNote({ error: true, text: result.message });
        return false;
      }
      const rows = pastedRows(result.lines, choices, rounds);
      onChange(side, (current) => {
        const next = [...current];
        rows.forEach((row, index) => {
          next[start + index] = row;
        });
        return next;
      });
      const ignored = result.ignoredColumns.length > 0 ? ` Columns not used: ${result.ignoredColumns.join(', ')}.` : '';
      setPasteNote({ error: false, text: `${rows.length} ${rows.length === 1 ? 'row' : 'rows'} filled from the pasted text.${ignored}` });
      return true;
    },
    [maxRows, choices, rounds, onChange, side],
  );

  return (
    <Stack gap="xs" component="section" aria-label={`${who} scoreboard`}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={4} size="h6">
          {teamName}
        </Title>
        <Button size="compact-sm" variant="subtle" onClick={() => setPasteOpen((open) => !open)} aria-expanded={pasteOpen}>
          {pasteOpen ? 'Close the paste box' : 'Paste from a spreadsheet'}
        </Button>
      </Group>
      {pasteOpen && (
        <Stack gap="xs">
          <Textarea
            label={`Paste ${teamName}'s rows (${mapLabel})`}
            description="Tab- or comma-separated, one player a line. A header line is optional; without one the columns are Player, K, D, A, HS, Damage."
            rows={4}
            value={pasteText}
            onChange={(event) => setPasteText(event.currentTarget.value)}
            styles={{ input: { fontFamily: 'monospace' } }}
          />
          <Group>
            <Button
              size="xs"
              onClick={() => {
                if (fill(pasteText, 0)) setPasteText('');
              }}
            >
              Fill rows
            </Button>
          </Group>
        </Stack>
      )}
      {pasteNote && (
        <Alert color={pasteNote.error ? 'red' : 'green'} variant="light" p="xs" role={pasteNote.error ? 'alert' : 'status'} withCloseButton closeButtonLabel="Dismiss" onClose={() => setPasteNote(null)}>
          {pasteNote.text}
        </Alert>
      )}
      <ScrollArea type="auto" offsetScrollbars>
        <Table withTableBorder verticalSpacing={4} horizontalSpacing={4} miw={showMore ? 1400 : 520}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Player</Table.Th>
              {columns.map((column) => (
                <Table.Th key={column.key} scope="col" title={column.label}>
                  {column.short}
                </Table.Th>
              ))}
              <Table.Th scope="col">
                <VisuallyHidden>Clear</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line, row) => (
              <ScoreboardRow
                key={row}
                row={row}
                rowLabel={`${who} row ${row + 1}`}
                line={line}
                columns={columns}
                choices={choices}
                problems={rowProblems(problems, `${problemPrefix}.${row}`)}
                setLine={setLine}
                fill={fill}
              />
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {lines.length < maxRows && (
        <Group>
          <Button size="compact-sm" variant="default" onClick={() => onChange(side, (current) => [...current, emptyLine()])}>
            Add a row for {teamName}
          </Button>
        </Group>
      )}
    </Stack>
  );
});

/** A row's problems, by its field ('' for the row itself), as one string so an unchanged row keeps its memo. */
function rowProblems(problems: FormProblems, prefix: string): string {
  const found = Object.entries(problems).filter(([key]) => key === prefix || key.startsWith(`${prefix}.`));
  return JSON.stringify(Object.fromEntries(found.map(([key, reason]) => [key.slice(prefix.length + 1), reason])));
}

interface ScoreboardRowProps {
  row: number;
  rowLabel: string;
  line: LineValues;
  columns: readonly CountColumn[];
  choices: PlayerChoices;
  /** JSON of { field: reason }; '' is the row itself. */
  problems: string;
  setLine(row: number, change: Partial<LineValues>): void;
  fill(text: string, start: number): boolean;
}

const ScoreboardRow = memo(function ScoreboardRow({ row, rowLabel, line, columns, choices, problems, setLine, fill }: ScoreboardRowProps) {
  const byField = JSON.parse(problems) as Record<string, string>;
  const isPlayerField = (field: string) => field === '' || field === 'player' || field === 'nickname';
  const messages = Object.entries(byField).map(([field, reason]) => (isPlayerField(field) ? reason : `${columnLabel(field)}: ${reason}`));
  const text = line.player_id ? (choices.labelById.get(line.player_id) ?? line.nickname) : line.nickname;

  // A spreadsheet's cells pasted into a player field fill the rows from there down.
  function pasteIntoRow(event: ClipboardEvent<HTMLInputElement>) {
    const pasted = event.clipboardData.getData('text/plain');
    if (!/[\t\n]/.test(pasted.trim())) return;
    event.preventDefault();
    fill(pasted, row);
  }

  return (
    <>
      <Table.Tr>
        <Table.Td miw={170}>
          <Autocomplete
            aria-label={`${rowLabel} player`}
            data={choices.data}
            value={text}
            limit={30}
            onChange={(next) => {
              const player = playerByLabel(choices, next);
              setLine(row, { player_id: player?.id ?? null, nickname: player?.name ?? next, platform_player_id: next === line.nickname ? line.platform_player_id : null });
            }}
            onPaste={pasteIntoRow}
            error={Object.keys(byField).some(isPlayerField)}
            size="xs"
            placeholder="Player or nickname"
          />
        </Table.Td>
        {columns.map((column) => (
          <Table.Td key={column.key} miw={62}>
            <WholeNumberInput
              aria-label={`${rowLabel} ${column.label}`}
              size="xs"
              value={line.counts[column.key]}
              onChange={(value) => setLine(row, { counts: { ...line.counts, [column.key]: value } })}
              error={column.key in byField}
            />
          </Table.Td>
        ))}
        <Table.Td>
          <CloseButton size="sm" aria-label={`Clear ${rowLabel}`} disabled={isBlankLine(line)} onClick={() => setLine(row, emptyLine())} />
        </Table.Td>
      </Table.Tr>
      {messages.length > 0 && (
        <Table.Tr>
          <Table.Td colSpan={columns.length + 2}>
            <Text size="xs" c="var(--app-error-text)">
              Row {row + 1}: {messages.join(' ')}
            </Text>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
});
