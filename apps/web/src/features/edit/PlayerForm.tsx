import {
  emptyAsUndefined,
  MAX_ELO,
  MIN_ELO,
  playerEditFields,
  type AdminPlayer,
  type PlayerEditFields,
  type TeamOption,
} from '@campus-elo/api-contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Group, Select, Stack, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { WholeNumberInput } from '../admin-shell/WholeNumberInput';
import { PictureField } from '../pictures/PictureField';
import { playerFormValues } from './form-values';

/** The Team dropdown's 'No Team' choice; sent as null. */
const NO_TEAM = 'no-team';

interface PlayerFormProps {
  player: AdminPlayer;
  teams: TeamOption[];
  saving: boolean;
  onSave(fields: PlayerEditFields): void;
  /** Called on each edit: an earlier save's notice no longer speaks for the form (it must not stay green beside a new error). */
  onEdit?(): void;
}

/**
 * Every editable player field, validated by the api-contract schema the server uses too.
 * Empty Steam and Faceit ids are left out; 'No Team' is sent as null; Elo and skill level
 * take digits only, their range messages beside them as they are typed.
 */
export function PlayerForm({ player, teams, saving, onSave, onEdit }: PlayerFormProps) {
  const {
    register,
    control,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<PlayerEditFields>({ resolver: zodResolver(playerEditFields), defaultValues: playerFormValues(player), mode: 'onChange' });
  useEffect(() => {
    const subscription = watch(() => onEdit?.());
    return () => subscription.unsubscribe();
  }, [watch, onEdit]);
  const teamChoices = [{ value: NO_TEAM, label: 'No Team' }, ...teams.map((team) => ({ value: team.id, label: team.name }))];

  return (
    <form onSubmit={handleSubmit(onSave)} noValidate aria-label="Player details">
      <Stack>
        <Controller
          control={control}
          name="picture"
          render={({ field, fieldState }) => (
            <PictureField kind="player" label="Player picture" value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />
        <TextInput label="Player Name" required error={errors.name?.message} {...register('name')} />
        <Controller
          control={control}
          name="team_id"
          render={({ field }) => (
            <Select
              label="Team"
              data={teamChoices}
              value={field.value ?? NO_TEAM}
              onChange={(value) => field.onChange(value === null || value === NO_TEAM ? null : value)}
              searchable
              allowDeselect={false}
              limit={200}
              error={errors.team_id?.message}
            />
          )}
        />
        <TextInput label="Steam ID" error={errors.steam_id?.message} {...register('steam_id', { setValueAs: emptyAsUndefined })} />
        <TextInput label="Faceit ID" error={errors.faceit_id?.message} {...register('faceit_id', { setValueAs: emptyAsUndefined })} />
        <Controller
          control={control}
          name="elo"
          render={({ field }) => (
            <WholeNumberInput label="Player Elo" description={`${MIN_ELO} to ${MAX_ELO}`} required value={field.value} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} error={errors.elo?.message} />
          )}
        />
        <Controller
          control={control}
          name="skill_level"
          render={({ field }) => (
            <WholeNumberInput label="Skill Level (1-10)" required value={field.value} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} error={errors.skill_level?.message} />
          )}
        />
        <Group>
          <Controller
            control={control}
            name="benched"
            render={({ field }) => <Checkbox label="Benched" checked={field.value} onChange={(event) => field.onChange(event.currentTarget.checked)} />}
          />
          <Controller
            control={control}
            name="visible"
            render={({ field }) => <Checkbox label="Visible" checked={field.value} onChange={(event) => field.onChange(event.currentTarget.checked)} />}
          />
        </Group>
        <Button type="submit" disabled={saving} w="fit-content">
          {saving ? 'Saving...' : 'Save Player'}
        </Button>
      </Stack>
    </form>
  );
}
