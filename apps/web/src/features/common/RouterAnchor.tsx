import { Anchor, Text, type AnchorProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';

type AnchorElementProps = AnchorProps & AnchorHTMLAttributes<HTMLAnchorElement>;

/** Attributes a plain `<a>` takes as they are; any other prop (size, c, py...) is Mantine's to resolve. */
const PLAIN_ATTRIBUTES = new Set(['href', 'disabled', 'children', 'className', 'style', 'target', 'rel', 'title', 'id', 'tabIndex', 'role', 'download', 'hrefLang', 'lang', 'dir', 'hidden', 'draggable', 'referrerPolicy']);
const isPlainAttribute = (name: string) => PLAIN_ATTRIBUTES.has(name) || name.startsWith('on') || name.startsWith('aria-') || name.startsWith('data-');

/*
 * Mantine's Anchor is a Text is a Box: three components and its style system for every link,
 * and a ranking or a team page has dozens (a large share of its render on the server and of
 * its hydration in the browser, docs/decisions/0097). A link that sets nothing of Mantine's but
 * `underline` and `fw` is written as the element Anchor writes: its class names (taken from
 * Mantine, not copied), its data-underline and the font weight as an inline style.
 */
const APP_ANCHOR_CLASS = `mantine-focus-auto ${Anchor.classes.root}`;
const TEXT_ROOT_CLASS = `${Text.classes.root} mantine-Text-root mantine-Anchor-root`;

const AppAnchor = forwardRef<HTMLAnchorElement, AnchorElementProps>(({ underline = 'hover', fw, ...props }, ref) => {
  // A responsive weight ({ base, sm }) is Mantine's to write as a media query.
  const plainWeight = fw === undefined || ((typeof fw === 'number' || typeof fw === 'string') && props.style === undefined);
  // A prop left undefined writes nothing (the router passes several so).
  const plain = plainWeight && Object.entries(props).every(([name, value]) => value === undefined || isPlainAttribute(name));
  if (!plain) return <Anchor ref={ref} underline={underline} fw={fw} {...props} />;
  const { className, style, ...attributes } = props;
  return (
    <a
      ref={ref}
      {...attributes}
      style={fw === undefined ? style : { fontWeight: fw }}
      className={className ? `${APP_ANCHOR_CLASS} ${className} ${TEXT_ROOT_CLASS}` : `${APP_ANCHOR_CLASS} ${TEXT_ROOT_CLASS}`}
      data-underline={underline}
    />
  );
});
const LinkedAnchor = createLink(AppAnchor);

/** A Mantine link to a page of the app, with the router's typed `to` and `params`. */
export const RouterAnchor: LinkComponent<typeof AppAnchor> = (props) => <LinkedAnchor {...props} />;
