import { Button, Group, Text } from '@mantine/core';

interface LeaderboardPagerProps {
  currentPage: number;
  totalPages: number;
  onPage: (page: number) => void;
}

/** Previous and next page of a leaderboard the server pages; nothing when everything fits on one page. */
export function LeaderboardPager({ currentPage, totalPages, onPage }: LeaderboardPagerProps) {
  if (totalPages <= 1) return null;
  return (
    <Group justify="space-between" mt="sm" data-pager>
      <Button variant="default" size="compact-sm" disabled={currentPage <= 1} onClick={() => onPage(currentPage - 1)}>
        Previous
      </Button>
      <Text size="sm">
        Page {currentPage} of {totalPages}
      </Text>
      <Button variant="default" size="compact-sm" disabled={currentPage >= totalPages} onClick={() => onPage(currentPage + 1)}>
        Next
      </Button>
    </Group>
  );
}
