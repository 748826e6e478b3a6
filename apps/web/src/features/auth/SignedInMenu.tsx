import { Suspense } from 'react';
import { LoadBoundary, retryableLazy } from '../common/LoadBoundary';
import { useSession } from './useSession';

// Staff controls stay out of the visitors' bundle (e2e/bundle-size.e2e.test.ts).
const SignedInControls = retryableLazy(async () => (await import('./SignedInControls')).default);

/**
 * For the top bar of every page: who is signed in and Sign Out. Shows nothing to visitors,
 * nor while the session is still being asked for.
 */
export function SignedInMenu() {
  const session = useSession();
  const user = session.data;
  if (!user) return null;
  return (
    <LoadBoundary message="The account menu could not be loaded.">
      <Suspense fallback={null}>
        <SignedInControls email={user.email} />
      </Suspense>
    </LoadBoundary>
  );
}
