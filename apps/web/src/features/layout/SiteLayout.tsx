import { Outlet } from '@tanstack/react-router';
import { Suspense } from 'react';
import { HydratedMark } from '../../lib/render-context';
import { Footer } from './Footer';
import { TopBar } from './TopBar';
import classes from './SiteLayout.module.css';

export function SiteLayout() {
  return (
    <div className={classes.shell}>
      {/* The bar and footer hydrate with the providers: their links read the router's state,
          which a Suspense boundary not yet hydrated would miss (React keeps the server's
          attributes). The content is a boundary of its own, hydrated in slices of a few
          milliseconds (docs/decisions/0097). */}
      <TopBar />
      <main id="main-content" tabIndex={-1} className={classes.main}>
        <Suspense fallback={null}>
          <Outlet />
          <HydratedMark />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
