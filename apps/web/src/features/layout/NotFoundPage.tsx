import { Anchor, Container, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { pageTitle } from '../../lib/site-settings';
import { usePageTitle } from '../common/usePageTitle';

export function NotFoundPage() {
  usePageTitle(pageTitle('Page not found'));
  return (
    <Container size="sm" py={64} ta="center">
      <Text c="dimmed" fw={700} size="xl">
        404
      </Text>
      <Title order={1} mt="xs">
        Page not found
      </Title>
      <Text mt="md">The page you are looking for does not exist or has moved.</Text>
      <Anchor component={Link} to="/" mt="lg" display="inline-block" fw={600}>
        Go to the home page
      </Anchor>
    </Container>
  );
}
