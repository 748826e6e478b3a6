import { Paper, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** A titled part of a team, player or match page, named by its heading for screen readers. */
export function PageSection({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const headingId = useId();
  return (
    <Paper component="section" withBorder p="md" aria-labelledby={headingId} className={className}>
      <Title order={2} size="h4" id={headingId} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
