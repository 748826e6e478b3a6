import '@mantine/core/styles/Button.css';
import { Button, Center, Loader, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { ErrorMessage } from './states';

/** The paging state of an infinite list (what useInfiniteQuery answers). */
export interface InfiniteListState {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** After a failed page the list waits for the button instead of retrying on its own. */
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

interface InfiniteListFooterProps {
  list: InfiniteListState;
  /** Shown when a further page fails to load. */
  errorMessage: string;
  /** Shown once the last page has loaded (and something was listed). */
  endMessage?: string;
}

/**
 * Loads the next page when the end of the list scrolls into view; the 'Load more' button
 * does the same for keyboard users and browsers without IntersectionObserver.
 */
export function InfiniteListFooter({ list, errorMessage, endMessage }: InfiniteListFooterProps) {
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = list;
  const sentinel = useRef<HTMLDivElement>(null);
  const [inView, setInView] = useState(false);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => setInView(entries.some((entry) => entry.isIntersecting)), {
      rootMargin: '200px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Depends on the flags too: after a short page the sentinel stays in view without a new event.
  useEffect(() => {
    if (inView && hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [inView, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  return (
    <div ref={sentinel}>
      {isFetchNextPageError && <ErrorMessage message={errorMessage} />}
      {isFetchingNextPage ? (
        <Center py="md" role="status" aria-label="Loading more">
          <Loader size="sm" />
        </Center>
      ) : hasNextPage ? (
        <Center py="md">
          <Button variant="default" onClick={() => void fetchNextPage()}>
            Load more
          </Button>
        </Center>
      ) : endMessage ? (
        <Text ta="center" c="dimmed" size="sm" py="md">
          {endMessage}
        </Text>
      ) : null}
    </div>
  );
}
