import { Anchor, Text } from '@mantine/core';
import { safeLink } from './links';
import { authorLabel } from './posts';
import { formatFullDate, formatRelativeTime } from './relative-time';
import { useDisplayTimeZone, useNow } from '../../lib/render-context';

interface PostMetaProps {
  author: string | null | undefined;
  /** Shown as a link to the author's page in articles; lists show the name only. */
  authorLink?: string | null;
  publishedAt: string | null | undefined;
  size?: 'xs' | 'sm';
}

/** 'By Maya Okafor · 3 days ago', with the full date on the time. */
export function PostMeta({ author, authorLink, publishedAt, size = 'xs' }: PostMetaProps) {
  const timeZone = useDisplayTimeZone();
  const now = useNow();
  const link = authorLink ? safeLink(authorLink) : null;
  const name = authorLabel(author);
  return (
    <Text size={size} c="dimmed" data-testid="post-meta">
      By{' '}
      {link?.kind === 'external' && author ? (
        <Anchor href={link.href} target="_blank" rel="noopener noreferrer" inherit underline="always">
          {name}
        </Anchor>
      ) : (
        <span>{name}</span>
      )}
      {publishedAt && (
        <>
          {' · '}
          <time dateTime={publishedAt} title={formatFullDate(publishedAt, timeZone)}>
            {formatRelativeTime(publishedAt, now)}
          </time>
        </>
      )}
    </Text>
  );
}
