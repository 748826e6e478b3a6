import { Anchor } from '@mantine/core';
import { Component, createElement, lazy, type ComponentType, type ReactNode } from 'react';
import { ErrorMessage } from './states';

/** For each lazily loaded part whose import failed, what gives it a fresh import at the next 'Try again'. */
const failedImports = new Set<() => void>();

/**
 * lazy() for a part of a page loaded apart from it, whose import can be tried again: React
 * keeps a lazy component's failed import for good (re-rendering throws the same error), so
 * after a failure LoadBoundary's 'Try again' puts a fresh lazy() in its place.
 */
export function retryableLazy<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const start = () =>
    lazy(async () => {
      try {
        return { default: await load() };
      } catch (error) {
        failedImports.add(restart);
        throw error;
      }
    });
  let current = start();
  const restart = () => {
    current = start();
  };
  return function RetryableLazy(props: P) {
    return createElement(current, props);
  };
}

interface LoadBoundaryProps {
  /** What could not be loaded, in the words docs/product.md (texts) gives the part's failure. */
  message: string;
  children: ReactNode;
}

/**
 * Around a lazily loaded part (retryableLazy): when its code cannot be fetched (offline, or
 * a deploy renamed the chunks), the part says so with 'Try again' instead of the error
 * reaching the router's boundary, which replaces the whole page. The fallback is the plain
 * error text and an Anchor as button: both already in the first load, which holds no Button
 * (e2e/bundle-size.e2e.test.ts), and nothing it shows needs another chunk.
 */
export class LoadBoundary extends Component<LoadBoundaryProps, { failed: boolean; retried: boolean }> {
  override state = { failed: false, retried: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  private retry = () => {
    // A failure again while online is most likely a deploy that removed the chunks this page
    // names: only a fresh page knows the new ones. Else the import is tried again in place,
    // so the page keeps its state (as SearchField does).
    if (this.state.retried && navigator.onLine) {
      window.location.reload();
      return;
    }
    for (const restart of failedImports) restart();
    failedImports.clear();
    this.setState({ failed: false, retried: true });
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div>
        <ErrorMessage message={this.props.message} />
        <Anchor component="button" type="button" size="sm" onClick={this.retry}>
          Try again
        </Anchor>
      </div>
    );
  }
}
