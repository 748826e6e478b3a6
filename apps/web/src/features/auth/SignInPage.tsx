import '../../mantine-staff-styles';
import { signInInput, type SignInInput } from '@campus-elo/api-contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { pageTitle } from '../../lib/site-settings';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../common/usePageTitle';
import { errorMessage } from '../../lib/error-message';

/**
 * The 'Sign In' form. Success goes to /admin. A failure shows the server's reason above the
 * form and stays here: the email is kept, the password emptied and focused for another try.
 * When the server answers that a two-factor code is needed, the form asks for it and sends
 * the same email and password again with it; a wrong code keeps that step open.
 */
export function SignInPage() {
  usePageTitle(pageTitle('Sign In'));
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const signIn = trpc.auth.signIn.useMutation();
  const [codeStep, setCodeStep] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    resetField,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<SignInInput>({ resolver: zodResolver(signInInput), defaultValues: { email: '', password: '' } });

  const onSubmit = async (values: SignInInput) => {
    setFailure(null);
    try {
      const result = await signIn.mutateAsync(values);
      if (result.status === 'code_required') {
        setCodeStep(true);
        return;
      }
      utils.auth.me.setData(undefined, result.user);
    } catch (error) {
      setFailure(errorMessage(error, 'Sign-in failed. Try again.'));
      const retry = codeStep ? 'totp' : 'password';
      resetField(retry);
      // After the re-render that shows the message, so the field exists and keeps the focus.
      setTimeout(() => setFocus(retry), 0);
      return;
    }
    await navigate({ to: '/admin' });
  };

  const startOver = () => {
    setFailure(null);
    resetField('password');
    resetField('totp');
    setCodeStep(false);
  };

  return (
    <Paper withBorder shadow="sm" p="xl" maw={420} mx="auto" my="xl" component="section" aria-labelledby="signin-title">
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <Stack>
          <Title order={1} size="h2" id="signin-title">
            Sign In
          </Title>
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          {codeStep ? (
            <>
              <Text size="sm">Enter the 6-digit code from your authenticator app, or one of your recovery codes.</Text>
              <TextInput label="Code" autoComplete="one-time-code" required autoFocus error={errors.totp?.message} {...register('totp')} />
              <Group>
                <Button type="submit" loading={isSubmitting}>
                  Verify
                </Button>
                <Button variant="subtle" onClick={startOver}>
                  Back
                </Button>
              </Group>
            </>
          ) : (
            <>
              <TextInput label="Email" type="email" autoComplete="username" required error={errors.email?.message} {...register('email')} />
              <PasswordInput label="Password" autoComplete="current-password" required error={errors.password?.message} {...register('password')} />
              <Button type="submit" loading={isSubmitting}>
                Sign In
              </Button>
            </>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
