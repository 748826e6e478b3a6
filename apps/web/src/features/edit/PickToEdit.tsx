import { Select, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/error-message';
import { NoticeSlot, type useNotice } from '../admin-shell/ResultNotice';
import { LoadingState } from '../common/states';

interface PickToEditProps<T> {
  noun: 'team' | 'player';
  /** What the panel says before a choice ('Select a team to edit its details'). */
  prompt: string;
  choices: { value: string; label: string }[];
  selectedId: string | null;
  onSelect(id: string | null): void;
  /** The chosen one's query. */
  chosen: { isError: boolean; error: unknown; data: T | undefined };
  /** What the last save said (useNotice). */
  notice: ReturnType<typeof useNotice>;
  /** The chosen one's form. */
  form(data: T): ReactNode;
}

/** The Edit Team/Player tab's panels: a searchable picker, then the chosen team's or player's form, under the notice of the last save. */
export function PickToEdit<T>({ noun, prompt, choices, selectedId, onSelect, chosen, notice, form }: PickToEditProps<T>) {
  return (
    <Stack maw={720}>
      <NoticeSlot notice={notice.notice} onClose={notice.clear} />
      <Select
        label={`Select a ${noun}`}
        placeholder={`Search ${noun}s`}
        data={choices}
        value={selectedId}
        onChange={onSelect}
        searchable
        clearable
        limit={200}
        nothingFoundMessage={`No ${noun} matches`}
      />
      {selectedId === null ? (
        <Text c="dimmed">{prompt}</Text>
      ) : chosen.isError ? (
        <Text c="var(--app-error-text)" role="alert">
          {errorMessage(chosen.error, 'Failed to load teams and players')}
        </Text>
      ) : !chosen.data ? (
        <LoadingState label={`Loading ${noun}`} />
      ) : (
        form(chosen.data)
      )}
    </Stack>
  );
}
