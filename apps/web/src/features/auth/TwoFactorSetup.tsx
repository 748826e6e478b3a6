import { Button, Code, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '../../lib/error-message';
import { trpc } from '../../lib/trpc';
import { ErrorMessage } from '../common/states';
import { RecoveryCodes } from './RecoveryCodes';

/**
 * Turning two-factor sign-in on: `intro` and a button, a new secret as a QR code (and as
 * text), a code from the app to confirm it, then the recovery codes, once. `onDone` runs
 * after they were seen.
 */
export function TwoFactorSetup({ intro, onDone }: { intro: ReactNode; onDone(): void }) {
  const begin = trpc.auth.twoFactor.begin.useMutation();
  const confirm = trpc.auth.twoFactor.confirm.useMutation();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);

  if (confirm.data) return <RecoveryCodes codes={confirm.data.recovery_codes} onDone={onDone} />;

  if (!begin.data) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{intro}</Text>
        <Button onClick={() => begin.mutate()} loading={begin.isPending}>
          Set Up Two-Factor Sign-In
        </Button>
        {begin.error && <ErrorMessage message={errorMessage(begin.error, 'Could not start the setup. Please try again.')} />}
      </Stack>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) {
      setCodeError('Enter the code');
      return;
    }
    setCodeError(null);
    try {
      await confirm.mutateAsync({ code });
    } catch (error) {
      setCodeError(errorMessage(error, 'Could not turn two-factor sign-in on. Please try again.'));
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Two-factor setup">
      <Stack gap="sm">
        <Text size="sm">Scan this QR code with an authenticator app, or type the key into it. Then enter the 6-digit code it shows.</Text>
        <img src={begin.data.qr_code} alt="QR code for your authenticator app" width={200} height={200} />
        <Text size="sm">
          Key: <Code data-testid="two-factor-secret">{begin.data.secret}</Code>
        </Text>
        <TextInput
          label="Code from the app"
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={codeError}
        />
        <Button type="submit" loading={confirm.isPending} style={{ alignSelf: 'flex-start' }}>
          Turn On
        </Button>
      </Stack>
    </form>
  );
}
