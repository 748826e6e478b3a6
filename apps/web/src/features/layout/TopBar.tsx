import { Container } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { siteSettings } from '../../lib/site-settings';
import { SearchField } from '../search/SearchField';
import { SignedInMenu } from '../auth/SignedInMenu';
import { ColorSchemeToggle } from './ColorSchemeToggle';
import classes from './TopBar.module.css';

const NAV_LINKS = [
  { to: '/news', label: 'News' },
  { to: '/rankings', label: 'Rankings' },
  { to: '/standings', label: 'Standings' },
  { to: '/matches', label: 'Matches' },
  { to: '/stats', label: 'Stats' },
  { to: '/events', label: 'Events' },
] as const;

/** Sticky site header: brand, main navigation, the search box and the colour scheme toggle (these two inline on wide screens, on a row of their own on narrow ones). */
export function TopBar() {
  return (
    <header className={classes.header}>
      <a className={classes.skipLink} href="#main-content">
        Skip to content
      </a>
      <Container size="xl" className={classes.bar}>
        <Link to="/" className={classes.brand} aria-label={`${siteSettings.siteName}, home`}>
          <img src="/images/logo.svg" width={36} height={36} alt="" />
          <span className={classes.brandText}>{siteSettings.siteName}</span>
        </Link>
        <nav aria-label="Main" className={classes.nav}>
          {NAV_LINKS.map((link) => (
            <Link key={link.to} to={link.to} className={classes.navLink} activeOptions={{ exact: true, includeHash: false, includeSearch: false }}>
              {link.label}
            </Link>
          ))}
        </nav>
        <div className={classes.search}>
          <SearchField />
        </div>
        <SignedInMenu />
        <ColorSchemeToggle />
      </Container>
    </header>
  );
}
