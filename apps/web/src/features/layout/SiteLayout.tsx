import { Outlet } from '@tanstack/react-router';
import { Suspense } from 'react';
import { HydratedMark } from '../../lib/render-context';
import { Footer } from './Footer';
import { TopBar } from './TopBar';
import classes from './SiteLayout.module.css';

export function SiteLayout() {
  return (
    <div className={classes.shell}>
      {/* The bar, the content and the footer each hydrate as a Suspense boundary of their own:
          React hydrates them after the providers, in slices of a few milliseconds, so the
          page never holds the main thread for long (docs/decisions/0097). */}
      <Suspense fallback={null}>
        <TopBar />
      </Suspense>
      <main id="main-content" tabIndex={-1} className={classes.main}>
        <Suspense fallback={null}>
          <Outlet />
          <HydratedMark />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </div>
  );
}
