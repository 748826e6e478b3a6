import { Divider, type TitleOrder } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { EmptyMessage, ErrorMessage, LoadingState } from '../common/states';
import { NEWS_EMPTY, NEWS_LOAD_ERROR } from './messages';
import { FeaturedPost, PostRows } from './PostCards';
import type { NewsPostSummary } from './posts';
import classes from './PostCards.module.css';

/** The latest posts with their loading, error and empty states: the first featured, the rest as rows. */
export function NewsPosts({ posts, headingOrder, size }: { posts: UseQueryResult<NewsPostSummary[]>; headingOrder: TitleOrder; size: 'compact' | 'large' }) {
  const [featured, ...rest] = posts.data ?? [];
  if (posts.isPending) return <LoadingState label="Loading news" />;
  if (posts.isError) return <ErrorMessage message={NEWS_LOAD_ERROR} />;
  if (!featured) return <EmptyMessage message={NEWS_EMPTY} />;
  return (
    <div className={classes.posts} data-size={size}>
      <FeaturedPost post={featured} headingOrder={headingOrder} size={size} />
      {size === 'large' && rest.length > 0 && <Divider />}
      <PostRows posts={rest} headingOrder={headingOrder} size={size} />
    </div>
  );
}
