import { Anchor, type AnchorProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';

const MantineAnchor = forwardRef<HTMLAnchorElement, AnchorProps & AnchorHTMLAttributes<HTMLAnchorElement>>((props, ref) => <Anchor ref={ref} {...props} />);
const LinkedAnchor = createLink(MantineAnchor);

/** A Mantine link to a page of the app, with the router's typed `to` and `params`. */
export const RouterAnchor: LinkComponent<typeof MantineAnchor> = (props) => <LinkedAnchor {...props} />;
