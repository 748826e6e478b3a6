import { MIN_STAFF_PASSWORD_LENGTH, passwordChangeInput } from '@campus-elo/api-contract';
import { Alert, Button, PasswordInput, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { fieldErrors, serverMessage } from '../../lib/error-message';
import { trpc } from '../../lib/trpc';

/** Every staff member's own password: the current one, then the new one twice. Other sessions end. */
export function ChangePasswordForm() {
  const change = trpc.auth.changePassword.useMutation();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  async function submit() {
    setResult(null);
    const parsed = passwordChangeInput.safeParse({ current_password: current, new_password: next });
    const found: Record<string, string> = parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]).reverse());
    if (next !== repeat) found.repeat = 'The two new passwords differ';
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    try {
      const answer = await change.mutateAsync(parsed.data);
      setCurrent('');
      setNext('');
      setRepeat('');
      const ended = answer.sessions_ended;
      setResult({ ok: true, text: `Password changed.${ended > 0 ? ` ${ended} other ${ended === 1 ? 'session was' : 'sessions were'} signed out.` : ''}` });
    } catch (error) {
      const byField = fieldErrors(error);
      setErrors(byField);
      if (Object.keys(byField).length === 0) setResult({ ok: false, text: serverMessage(error) ?? 'The password could not be changed. Try again.' });
    }
  }

  return (
    <form
      noValidate
      aria-label="Change password"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <Title order={3} size="h5">
          Change password
        </Title>
        <PasswordInput label="Current password" autoComplete="current-password" required value={current} onChange={(e) => setCurrent(e.currentTarget.value)} error={errors.current_password} />
        <PasswordInput
          label="New password"
          description={`At least ${MIN_STAFF_PASSWORD_LENGTH} characters`}
          autoComplete="new-password"
          required
          value={next}
          onChange={(e) => setNext(e.currentTarget.value)}
          error={errors.new_password}
        />
        <PasswordInput label="New password again" autoComplete="new-password" required value={repeat} onChange={(e) => setRepeat(e.currentTarget.value)} error={errors.repeat} />
        {result && (
          <Alert color={result.ok ? 'green' : 'red'} variant="light" role={result.ok ? 'status' : 'alert'}>
            {result.text}
          </Alert>
        )}
        <Button type="submit" w="fit-content" loading={change.isPending}>
          Change password
        </Button>
      </Stack>
    </form>
  );
}
