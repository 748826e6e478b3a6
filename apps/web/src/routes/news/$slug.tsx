import { createFileRoute } from '@tanstack/react-router';
import { ArticlePage } from '../../features/news/ArticlePage';
import { notFoundWhereServerSaidSo } from '../../lib/page-not-found';

export const Route = createFileRoute('/news/$slug')({
  beforeLoad: notFoundWhereServerSaidSo,
  component: ArticleRoute,
});

function ArticleRoute() {
  const { slug } = Route.useParams();
  // A new slug is a new article: remount so nothing of the previous one lingers.
  return <ArticlePage key={slug} slug={slug} />;
}
