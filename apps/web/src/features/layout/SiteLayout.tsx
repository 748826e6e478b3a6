import { Outlet } from '@tanstack/react-router';
import { Footer } from './Footer';
import { TopBar } from './TopBar';
import classes from './SiteLayout.module.css';

export function SiteLayout() {
  return (
    <div className={classes.shell}>
      <TopBar />
      <main id="main-content" tabIndex={-1} className={classes.main}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
