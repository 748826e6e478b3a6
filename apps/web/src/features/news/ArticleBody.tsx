import '@mantine/core/styles/Typography.css';
import { Typography } from '@mantine/core';
import { PortableText, type PortableTextComponents, type PortableTextMarkComponentProps } from '@portabletext/react';
import { useRouter } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';
import { safeLink } from './links';
import { DEFAULT_IMAGE_ALT } from './messages';
import { NewsImage } from './NewsImage';
import type { NewsArticle } from './posts';
import classes from './ArticleBody.module.css';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

function dimensionsOf(value: unknown) {
  if (typeof value !== 'object' || value === null) return null;
  const { width, height } = value as Record<string, unknown>;
  return typeof width === 'number' && typeof height === 'number' && width > 0 && height > 0 ? { width, height } : null;
}

/** A path on this site: followed by the router, so the app stays loaded. */
function InternalLink({ href, children }: { href: string; children: ReactNode }) {
  const router = useRouter();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    // Modified clicks (new tab, new window) keep the browser's own behaviour.
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void router.navigate({ href });
  };
  return (
    <a href={href} onClick={follow}>
      {children}
    </a>
  );
}

function LinkMark({ value, children }: PortableTextMarkComponentProps<{ _type: 'link'; href?: unknown }>) {
  const link = safeLink(value?.href);
  if (!link) return <>{children}</>;
  if (link.kind === 'internal') return <InternalLink href={link.href}>{children}</InternalLink>;
  return (
    <a href={link.href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

function BodyImage({ value }: { value: Record<string, unknown> }) {
  const caption = text(value.caption);
  return (
    <figure className={classes.figure}>
      <NewsImage src={text(value.url)} dimensions={dimensionsOf(value.dimensions)} alt={text(value.alt) ?? DEFAULT_IMAGE_ALT} fit="natural" displayWidth={760} />
      {caption && <figcaption className={classes.caption}>{caption}</figcaption>}
    </figure>
  );
}

const components: PortableTextComponents = {
  block: {
    normal: ({ children }) => <p>{children}</p>,
    h1: ({ children }) => <h1>{children}</h1>,
    h2: ({ children }) => <h2>{children}</h2>,
    h3: ({ children }) => <h3>{children}</h3>,
    h4: ({ children }) => <h4>{children}</h4>,
    blockquote: ({ children }) => <blockquote className={classes.blockquote}>{children}</blockquote>,
  },
  list: {
    bullet: ({ children }) => <ul>{children}</ul>,
    number: ({ children }) => <ol>{children}</ol>,
  },
  listItem: {
    bullet: ({ children }) => <li>{children}</li>,
    number: ({ children }) => <li>{children}</li>,
  },
  marks: {
    strong: ({ children }) => <strong>{children}</strong>,
    em: ({ children }) => <em>{children}</em>,
    code: ({ children }) => <code className={classes.code}>{children}</code>,
    link: LinkMark,
  },
  types: {
    image: BodyImage,
  },
  // Anything the site does not know how to show is left out rather than guessed at.
  unknownType: () => null,
  unknownBlockStyle: ({ children }) => <p>{children}</p>,
};

/** A post's rich text. Every piece of it is rendered as React elements: nothing is injected as HTML. */
export function ArticleBody({ body }: { body: NewsArticle['body'] }) {
  return (
    <Typography className={classes.body}>
      <PortableText value={body ?? []} components={components} onMissingComponent={false} />
    </Typography>
  );
}
