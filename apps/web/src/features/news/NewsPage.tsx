import { Container, Title } from '@mantine/core';
import { pageTitle } from '../../lib/site-settings';
import { usePageTitle } from '../common/usePageTitle';
import { useNewsPagePosts } from './api';
import { NewsPosts } from './NewsPosts';

/** /news: the latest posts, the first one featured with a large picture. */
export function NewsPage() {
  usePageTitle(pageTitle('News'));
  const posts = useNewsPagePosts();
  return (
    <Container size={880} py="xl">
      <Title order={1} mb="lg">
        News
      </Title>
      <NewsPosts posts={posts} headingOrder={2} size="large" />
    </Container>
  );
}
