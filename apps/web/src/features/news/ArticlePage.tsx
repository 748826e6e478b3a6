import { Anchor, Box, Container, Title } from '@mantine/core';
import { excerptFromBody } from '@campus-elo/domain';
import { Link } from '@tanstack/react-router';
import { pageTitle } from '../../lib/site-settings';
import { LoadingState } from '../common/states';
import { usePageTitle } from '../common/usePageTitle';
import { useArticle } from './api';
import { ArticleBody } from './ArticleBody';
import { ARTICLE_LOAD_ERROR, ARTICLE_NOT_FOUND, BACK_TO_NEWS, BROWSE_ALL_NEWS } from './messages';
import { NewsImage } from './NewsImage';
import { PostMeta } from './PostMeta';
import type { NewsArticle } from './posts';
import { HOME_EXCERPT_LENGTH, NEWS_IMAGE_WIDTHS } from '@campus-elo/api-contract';
import { useArticleMeta } from './useArticleMeta';
import classes from './ArticlePage.module.css';

function articleTitle(title: string) {
  return pageTitle(`${title} | News`);
}

function ArticleProblem({ message, failed }: { message: string; failed: boolean }) {
  return (
    <div>
      {/* The alert role sits on a wrapper so the message keeps its heading role. */}
      <div role={failed ? 'alert' : undefined}>
        <Title order={1} size="h2" className={classes.title} c={failed ? 'var(--app-error-text)' : undefined}>
          {message}
        </Title>
      </div>
      <Anchor component={Link} to="/news" mt="md" display="inline-block" fw={600}>
        {BROWSE_ALL_NEWS}
      </Anchor>
    </div>
  );
}

function Article({ article }: { article: NewsArticle }) {
  useArticleMeta({
    title: article.title,
    description: excerptFromBody(article.body, HOME_EXCERPT_LENGTH),
    imageUrl: article.imageUrl,
    path: `/news/${encodeURIComponent(article.slug)}`,
  });
  return (
    <article>
      {article.imageUrl && <NewsImage src={article.imageUrl} dimensions={article.imageDimensions} displayWidth={NEWS_IMAGE_WIDTHS.articleHero} priority className={classes.hero} />}
      <Title order={1} className={classes.title}>
        {article.title}
      </Title>
      <Box mt="xs" mb="xl">
        <PostMeta author={article.author} authorLink={article.authorLink} publishedAt={article.publishedAt} size="sm" />
      </Box>
      <ArticleBody body={article.body} />
    </article>
  );
}

/** /news/{slug}: one article with its picture, byline and rich body. */
export function ArticlePage({ slug }: { slug: string }) {
  const article = useArticle(slug);
  const found = article.data ?? null;
  const missing = slug === '' || (article.isSuccess && !found);
  usePageTitle(
    found ? articleTitle(found.title) : missing ? articleTitle(ARTICLE_NOT_FOUND) : article.isError ? articleTitle(ARTICLE_LOAD_ERROR) : pageTitle('News'),
  );

  return (
    <Container size={760} py="xl">
      <Anchor component={Link} to="/news" className={classes.back}>
        <span aria-hidden="true">←</span> {BACK_TO_NEWS}
      </Anchor>
      {missing ? (
        <ArticleProblem message={ARTICLE_NOT_FOUND} failed={false} />
      ) : article.isError ? (
        <ArticleProblem message={ARTICLE_LOAD_ERROR} failed />
      ) : found ? (
        <Article article={found} />
      ) : (
        <LoadingState label="Loading article" />
      )}
    </Container>
  );
}
