import { Container, Divider, Stack, Title } from '@mantine/core';
import { pageTitle } from '../../lib/site-settings';
import { EmptyMessage, ErrorMessage, LoadingState } from '../common/states';
import { usePageTitle } from '../common/usePageTitle';
import { useNewsPagePosts } from './api';
import { NEWS_EMPTY, NEWS_LOAD_ERROR } from './messages';
import { FeaturedPost, PostRows } from './PostCards';

/** /news: the latest posts, the first one featured with a large picture. */
export function NewsPage() {
  usePageTitle(pageTitle('News'));
  const posts = useNewsPagePosts();
  const [featured, ...rest] = posts.data ?? [];
  return (
    <Container size={880} py="xl">
      <Title order={1} mb="lg">
        News
      </Title>
      {posts.isPending ? (
        <LoadingState label="Loading news" />
      ) : posts.isError ? (
        <ErrorMessage message={NEWS_LOAD_ERROR} />
      ) : !featured ? (
        <EmptyMessage message={NEWS_EMPTY} />
      ) : (
        <Stack gap="lg">
          <FeaturedPost post={featured} headingOrder={2} size="large" />
          {rest.length > 0 && <Divider />}
          <PostRows posts={rest} headingOrder={2} size="large" />
        </Stack>
      )}
    </Container>
  );
}
