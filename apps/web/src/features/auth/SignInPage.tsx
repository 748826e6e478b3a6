import { signInInput, type SignInInput } from '@campus-elo/api-contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { pageTitle } from '../../lib/site-settings';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../common/usePageTitle';
import { errorText } from '../admin-shell/error-text';

/**
 * The 'Sign In' form. After any attempt the browser goes to /admin (spec section 2); a
 * failure first shows its message in an alert, and /admin then sends the visitor back here.
 */
export function SignInPage() {
  usePageTitle(pageTitle('Sign In'));
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const signIn = trpc.auth.signIn.useMutation();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInInput>({ resolver: zodResolver(signInInput), defaultValues: { email: '', password: '' } });

  const onSubmit = async (values: SignInInput) => {
    try {
      const { user } = await signIn.mutateAsync(values);
      utils.auth.me.setData(undefined, user);
    } catch (error) {
      window.alert(errorText(error, 'Sign-in failed'));
      await utils.auth.me.invalidate();
    }
    await navigate({ to: '/admin' });
  };

  return (
    <Paper withBorder shadow="sm" p="xl" maw={420} mx="auto" my="xl" component="section" aria-labelledby="signin-title">
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <Stack>
          <Title order={1} size="h2" id="signin-title">
            Sign In
          </Title>
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            required
            error={errors.email?.message}
            {...register('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            error={errors.password?.message}
            {...register('password')}
          />
          <Button type="submit" loading={isSubmitting}>
            Sign In
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
