import { MAX_ELO, MIN_ELO, emptyAsUndefined, teamEditFields, type AdminTeam, type TeamEditFields } from '@campus-elo/api-contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { WholeNumberInput } from '../admin-shell/WholeNumberInput';
import { PictureField } from '../pictures/PictureField';
import { teamFormValues } from './form-values';

interface TeamFormProps {
  team: AdminTeam;
  saving: boolean;
  onSave(fields: TeamEditFields): void;
  /** Called on each edit: an earlier save's notice no longer speaks for the form (it must not stay green beside a new error). */
  onEdit?(): void;
}

/**
 * Team Name, School Name, Team Elo and the picture, validated by the same zod schema as
 * the server, each message beside its field as it is typed. An empty school name is left
 * out of the payload; the Elo field takes digits only.
 */
export function TeamForm({ team, saving, onSave, onEdit }: TeamFormProps) {
  const {
    register,
    control,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<TeamEditFields>({ resolver: zodResolver(teamEditFields), defaultValues: teamFormValues(team), mode: 'onChange' });
  useEffect(() => {
    const subscription = watch(() => onEdit?.());
    return () => subscription.unsubscribe();
  }, [watch, onEdit]);

  return (
    <form onSubmit={handleSubmit(onSave)} noValidate aria-label="Team details">
      <Stack>
        <Controller
          control={control}
          name="picture"
          render={({ field, fieldState }) => (
            <PictureField kind="team" label="Team picture" value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />
        <TextInput label="Team Name" required error={errors.name?.message} {...register('name')} />
        <TextInput label="School Name" error={errors.school_name?.message} {...register('school_name', { setValueAs: emptyAsUndefined })} />
        <Controller
          control={control}
          name="elo"
          render={({ field }) => (
            <WholeNumberInput label="Team Elo" description={`${MIN_ELO} to ${MAX_ELO}`} required value={field.value} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} error={errors.elo?.message} />
          )}
        />
        <Button type="submit" disabled={saving} w="fit-content">
          {saving ? 'Saving...' : 'Save Team'}
        </Button>
      </Stack>
    </form>
  );
}
