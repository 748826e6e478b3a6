import { WidgetCard } from '../home/WidgetCard';
import { useHomeNewsPosts } from './api';
import { NewsPosts } from './NewsPosts';

/** Home page: the latest posts, the first one featured. */
export function NewsWidget() {
  const posts = useHomeNewsPosts();
  return (
    <WidgetCard title="News" to="/news">
      <NewsPosts posts={posts} headingOrder={3} size="compact" />
    </WidgetCard>
  );
}
