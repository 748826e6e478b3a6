import { Container, TextInput } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import { siteSettings } from '../../lib/site-settings';
import classes from './TopBar.module.css';

const NAV_LINKS = [
  { to: '/news', label: 'News' },
  { to: '/rankings', label: 'Rankings' },
  { to: '/matches', label: 'Matches' },
] as const;

function SearchBox({ className }: { className: string | undefined }) {
  return (
    <TextInput
      className={className}
      disabled
      placeholder="Search (coming soon)"
      aria-label="Search (coming soon)"
      type="search"
      size="sm"
    />
  );
}

/** Sticky site header: brand, main navigation and the (not yet available) search box. */
export function TopBar() {
  const pathname = useLocation({ select: (location) => location.pathname });
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
          {/* Events is announced but not built yet: it stays on the current page. */}
          <a
            href={pathname}
            className={`${classes.navLink} ${classes.placeholderLink}`}
            aria-disabled="true"
            title="Events (coming soon)"
            onClick={(event) => event.preventDefault()}
          >
            Events
          </a>
        </nav>
        <SearchBox className={classes.inlineSearch} />
      </Container>
      <Container size="xl" className={classes.searchRow}>
        <SearchBox className={classes.stackedSearch} />
      </Container>
    </header>
  );
}
