import { Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/error-message';
import { trpc } from '../../lib/trpc';
import { ErrorMessage, LoadingState } from '../common/states';
import { RecoveryCodes } from './RecoveryCodes';
import { TwoFactorSetup } from './TwoFactorSetup';
import { useSession } from './useSession';

/** The signed-in staff member's two-factor sign-in, and for the owner, whether all staff must use it. */
export function AccountSecurity() {
  const session = useSession();
  const status = trpc.auth.twoFactor.status.useQuery();
  const utils = trpc.useUtils();
  const refresh = () => Promise.all([utils.auth.twoFactor.status.invalidate(), utils.auth.me.invalidate()]);

  if (status.isPending) return <LoadingState />;
  if (status.error) return <ErrorMessage message={errorMessage(status.error, 'Could not load your account security.')} />;

  return (
    <Stack gap="lg">
      {status.data.enabled ? (
        <TwoFactorOn recoveryCodesLeft={status.data.recovery_codes_left} onChange={refresh} />
      ) : (
        <TwoFactorSetup
          intro="Two-factor sign-in is off. With it on, signing in also asks for a code from an app on your phone."
          onDone={() => void refresh()}
        />
      )}
      {session.data?.role === 'owner' && <RequirementCheckbox required={status.data.required_for_staff} />}
    </Stack>
  );
}

function TwoFactorOn({ recoveryCodesLeft, onChange }: { recoveryCodesLeft: number; onChange(): Promise<unknown> }) {
  const disable = trpc.auth.twoFactor.disable.useMutation();
  const regenerate = trpc.auth.twoFactor.regenerateRecoveryCodes.useMutation();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);

  if (regenerate.data) {
    const done = () => {
      regenerate.reset();
      void onChange();
    };
    return <RecoveryCodes codes={regenerate.data.recovery_codes} onDone={done} />;
  }

  async function run(event: FormEvent, action: 'disable' | 'regenerate') {
    event.preventDefault();
    if (!code.trim()) {
      setCodeError('Enter the code');
      return;
    }
    setCodeError(null);
    try {
      if (action === 'disable') await disable.mutateAsync({ code });
      else await regenerate.mutateAsync({ code });
      setCode('');
      if (action === 'disable') await onChange();
    } catch (error) {
      setCodeError(errorMessage(error, 'That did not work. Please try again.'));
    }
  }

  return (
    <form onSubmit={(event) => void run(event, 'regenerate')} noValidate aria-label="Two-factor sign-in">
      <Stack gap="sm">
        <Text size="sm">
          Two-factor sign-in is on. {recoveryCodesLeft} recovery code{recoveryCodesLeft === 1 ? '' : 's'} left.
        </Text>
        <TextInput
          label="Current code"
          description="From your app, or a recovery code"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={codeError}
        />
        <Group>
          <Button type="submit" variant="default" loading={regenerate.isPending}>
            New Recovery Codes
          </Button>
          <Button color="red" variant="light" loading={disable.isPending} onClick={(event) => void run(event, 'disable')}>
            Turn Off
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RequirementCheckbox({ required }: { required: boolean }) {
  const utils = trpc.useUtils();
  const setRequired = trpc.auth.twoFactor.setRequired.useMutation({ onSuccess: (status) => utils.auth.twoFactor.status.setData(undefined, status) });
  return (
    <Stack gap={4}>
      <Checkbox
        label="Require two-factor sign-in for all staff"
        description="Staff without it are asked to set it up right after signing in, before anything else."
        checked={required}
        disabled={setRequired.isPending}
        onChange={(event) => setRequired.mutate({ required: event.currentTarget.checked })}
      />
      {setRequired.error && <ErrorMessage message={errorMessage(setRequired.error, 'Could not change the setting.')} />}
    </Stack>
  );
}
