import { Anchor, Container, Text } from '@mantine/core';
import { siteSettings } from '../../lib/site-settings';
import classes from './Footer.module.css';

export function Footer() {
  return (
    <footer className={classes.footer}>
      <Container size="xl" className={classes.inner}>
        <Text size="sm" c="dimmed">
          Built by the {siteSettings.siteName} team for the college esports community.
        </Text>
        {/* A plain link: the admin code loads only when someone opens it, never on public pages. */}
        <Anchor href="/admin" size="sm" fw={600}>
          Admin Panel
        </Anchor>
      </Container>
    </footer>
  );
}
