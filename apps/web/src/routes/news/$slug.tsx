import { createFileRoute } from '@tanstack/react-router';
import { ArticlePage } from '../../features/news/ArticlePage';

export const Route = createFileRoute('/news/$slug')({
  component: ArticleRoute,
});

function ArticleRoute() {
  const { slug } = Route.useParams();
  // A new slug is a new article: remount so nothing of the previous one lingers.
  return <ArticlePage key={slug} slug={slug} />;
}
