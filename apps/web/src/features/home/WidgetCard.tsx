import { Anchor, Paper, Title } from '@mantine/core';
import { Link, type LinkProps } from '@tanstack/react-router';
import { useId, type ReactNode } from 'react';
import classes from './WidgetCard.module.css';

interface WidgetCardProps {
  title: string;
  /** Where the heading leads. */
  to: LinkProps['to'];
  hash?: string;
  children: ReactNode;
}

/** A home-page widget: a titled section whose heading links to the full page. */
export function WidgetCard({ title, to, hash, children }: WidgetCardProps) {
  const headingId = useId();
  return (
    <Paper component="section" withBorder p="md" aria-labelledby={headingId} className={classes.card}>
      <Title order={2} size="h4" id={headingId} mb="xs">
        <Anchor component={Link} to={to} hash={hash} c="inherit" className={classes.headingLink}>
          {title}
        </Anchor>
      </Title>
      {children}
    </Paper>
  );
}
