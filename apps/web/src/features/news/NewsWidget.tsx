import { Stack } from '@mantine/core';
import { EmptyMessage, ErrorMessage, LoadingState } from '../common/states';
import { WidgetCard } from '../home/WidgetCard';
import { useHomeNewsPosts } from './api';
import { NEWS_EMPTY, NEWS_LOAD_ERROR } from './messages';
import { FeaturedPost, PostRows } from './PostCards';

/** Home page: the latest posts, the first one featured. */
export function NewsWidget() {
  const posts = useHomeNewsPosts();
  const [featured, ...rest] = posts.data ?? [];
  return (
    <WidgetCard title="News" to="/news">
      {posts.isPending ? (
        <LoadingState label="Loading news" />
      ) : posts.isError ? (
        <ErrorMessage message={NEWS_LOAD_ERROR} />
      ) : !featured ? (
        <EmptyMessage message={NEWS_EMPTY} />
      ) : (
        <Stack gap="sm">
          <FeaturedPost post={featured} headingOrder={3} size="compact" />
          <PostRows posts={rest} headingOrder={3} size="compact" />
        </Stack>
      )}
    </WidgetCard>
  );
}
