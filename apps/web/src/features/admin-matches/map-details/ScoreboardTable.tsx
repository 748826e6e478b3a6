import { Alert, Autocomplete, Button, CloseButton, Group, ScrollArea, Stack, Table, Text, Textarea, Title, VisuallyHidden } from '@mantine/core';
import { useState, type ClipboardEvent } from 'react';
import { WholeNumberInput } from '../../admin-shell/WholeNumberInput';
import { emptyLine, isBlankLine, type FormProblems, type LineValues } from './map-details-form';
import { pastedPlayer, playerByLabel, type PlayerChoices } from './player-choices';
import { MAIN_COLUMNS, MORE_COLUMNS, columnLabel } from './scoreboard-columns';
import { parseScoreboard, pastedCounts, type PastedLine } from './scoreboard-paste';

interface ScoreboardTableProps {
  /** 'Map 1': the start of every field's label, so each is unique on the page. */
  mapLabel: string;
  teamName: string;
  lines: LineValues[];
  onChange(lines: LineValues[]): void;
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
export function ScoreboardTable({ mapLabel, teamName, lines, onChange, choices, showMore, rounds, maxRows, problems, problemPrefix }: ScoreboardTableProps) {
  const [pasteOpen, setPasteOpen] = useState(false);
  const [pasteText, setPasteText] = useState('');
  const [pasteNote, setPasteNote] = useState<{ error: boolean; text: string } | null>(null);
  const columns = showMore ? [...MAIN_COLUMNS, ...MORE_COLUMNS] : MAIN_COLUMNS;
  const who = `${mapLabel}, ${teamName}`;

  const setLine = (row: number, change: Partial<LineValues>) => onChange(lines.map((line, index) => (index === row ? { ...line, ...change } : line)));

  /** Fills rows from `start` on; returns false (and says why) when the text cannot be read. */
  function fill(text: string, start: number): boolean {
    const result = parseScoreboard(text, maxRows - start);
    if (!result.ok) {
      setPasteNote({ error: true, text: result.message });
      return false;
    }
    const rows = pastedRows(result.lines, choices, rounds);
    const next = [...lines];
    rows.forEach((row, index) => {
      next[start + index] = row;
    });
    onChange(next);
    const ignored = result.ignoredColumns.length > 0 ? ` Columns not used: ${result.ignoredColumns.join(', ')}.` : '';
    setPasteNote({ error: false, text: `${rows.length} ${rows.length === 1 ? 'row' : 'rows'} filled from the pasted text.${ignored}` });
    return true;
  }

  // A spreadsheet's cells pasted into a player field fill the rows from there down.
  function pasteIntoRow(event: ClipboardEvent<HTMLInputElement>, row: number) {
    const text = event.clipboardData.getData('text/plain');
    if (!/[\t\n]/.test(text.trim())) return;
    event.preventDefault();
    fill(text, row);
  }

  const rowProblems = (row: number) =>
    Object.entries(problems)
      .filter(([key]) => key === `${problemPrefix}.${row}` || key.startsWith(`${problemPrefix}.${row}.`))
      .map(([key, reason]) => {
        const field = key.slice(`${problemPrefix}.${row}.`.length);
        return field && field !== 'player' ? `${columnLabel(field)}: ${reason}` : reason;
      });
  const hasProblem = (row: number, field: string) => `${problemPrefix}.${row}.${field}` in problems || (field === 'player' && `${problemPrefix}.${row}` in problems);

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
            autosize
            minRows={3}
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
            {lines.flatMap((line, row) => {
              const rowLabel = `${who} row ${row + 1}`;
              const messages = rowProblems(row);
              const text = line.player_id ? (choices.labelById.get(line.player_id) ?? line.nickname) : line.nickname;
              const cells = (
                <Table.Tr key={row}>
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
                      onPaste={(event) => pasteIntoRow(event, row)}
                      error={hasProblem(row, 'player')}
                      size="xs"
                      placeholder="Player or nickname"
                      rightSection={line.player_id ? undefined : line.nickname.trim() ? <Text size="9px" c="dimmed">new</Text> : undefined}
                    />
                  </Table.Td>
                  {columns.map((column) => (
                    <Table.Td key={column.key} miw={62}>
                      <WholeNumberInput
                        aria-label={`${rowLabel} ${column.label}`}
                        size="xs"
                        value={line.counts[column.key]}
                        onChange={(value) => setLine(row, { counts: { ...line.counts, [column.key]: value } })}
                        error={hasProblem(row, column.key)}
                      />
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <CloseButton size="sm" aria-label={`Clear ${rowLabel}`} disabled={isBlankLine(line)} onClick={() => setLine(row, emptyLine())} />
                  </Table.Td>
                </Table.Tr>
              );
              if (messages.length === 0) return [cells];
              return [
                cells,
                <Table.Tr key={`${row}-problems`}>
                  <Table.Td colSpan={columns.length + 2}>
                    <Text size="xs" c="var(--app-error-text)">
                      Row {row + 1}: {messages.join(' ')}
                    </Text>
                  </Table.Td>
                </Table.Tr>,
              ];
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {lines.length < maxRows && (
        <Group>
          <Button size="compact-sm" variant="default" onClick={() => onChange([...lines, emptyLine()])}>
            Add a row for {teamName}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
