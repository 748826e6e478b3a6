import { NEWS_IMAGE_WIDTHS } from '@campus-elo/api-contract';
import { Text, Title, type TitleOrder } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { NewsImage } from './NewsImage';
import { PostMeta } from './PostMeta';
import type { NewsPostSummary } from './posts';
import classes from './PostCards.module.css';

interface PostCardProps {
  post: NewsPostSummary;
  headingOrder: TitleOrder;
  /** 'compact' in the home widget, 'large' on the news page. */
  size: 'compact' | 'large';
}

function PostTitleLink({ post, headingOrder, titleSize }: { post: NewsPostSummary; headingOrder: TitleOrder; titleSize: string }) {
  return (
    <Title order={headingOrder} size={titleSize} className={classes.title}>
      <Link to="/news/$slug" params={{ slug: post.slug }} className={classes.titleLink}>
        {post.title}
      </Link>
    </Title>
  );
}

/** The first post of a list: a big picture above the title, excerpt and byline. */
export function FeaturedPost({ post, headingOrder, size }: PostCardProps) {
  const large = size === 'large';
  return (
    <article className={`${classes.card} ${classes.featured}`} data-testid="featured-post">
      <NewsImage src={post.imageUrl} dimensions={post.imageDimensions} displayWidth={large ? NEWS_IMAGE_WIDTHS.featuredLarge : NEWS_IMAGE_WIDTHS.featuredCompact} priority />
      <PostTitleLink post={post} headingOrder={headingOrder} titleSize={large ? 'h2' : 'h3'} />
      <Text size={large ? 'md' : 'sm'} className={classes.excerpt} style={{ '--excerpt-lines': large ? 4 : 3 }}>
        {post.excerpt}
      </Text>
      <PostMeta author={post.author} publishedAt={post.publishedAt} size={large ? 'sm' : 'xs'} />
    </article>
  );
}

/** A further post: a thumbnail beside the title, excerpt and byline. */
export function PostRow({ post, headingOrder, size }: PostCardProps) {
  const large = size === 'large';
  return (
    <article className={`${classes.card} ${classes.row} ${large ? classes.rowLarge : ''}`} data-testid="post-row">
      <NewsImage src={post.imageUrl} dimensions={post.imageDimensions} displayWidth={large ? 240 : 112} />
      <div>
        <PostTitleLink post={post} headingOrder={headingOrder} titleSize={large ? 'h4' : 'h6'} />
        <Text size={large ? 'sm' : 'xs'} mt={4} className={classes.excerpt} style={{ '--excerpt-lines': large ? 3 : 2 }}>
          {post.excerpt}
        </Text>
        <PostMeta author={post.author} publishedAt={post.publishedAt} />
      </div>
    </article>
  );
}

/** The posts after the featured one, as a list. */
export function PostRows({ posts, headingOrder, size }: { posts: NewsPostSummary[]; headingOrder: TitleOrder; size: PostCardProps['size'] }) {
  if (posts.length === 0) return null;
  return (
    <ul className={classes.rowList}>
      {posts.map((post) => (
        <li key={post.id}>
          <PostRow post={post} headingOrder={headingOrder} size={size} />
        </li>
      ))}
    </ul>
  );
}
