/**
 * Writes the demo content dataset: renders the artwork to WebP under images/ and the posts
 * plus their image asset documents to posts.ndjson, in the shapes a Sanity export has.
 *
 *   pnpm content:generate
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { ART_HEIGHT, ART_WIDTH, renderDesign, type DesignName } from './artwork';
import { demoPosts } from './demo-posts';
import { withKeys } from './portable-text';

const here = dirname(fileURLToPath(import.meta.url));
const imagesDir = join(here, 'images');

interface ImageAsset {
  _id: string;
  _type: 'sanity.imageAsset';
  url: string;
  path: string;
  extension: 'webp';
  mimeType: 'image/webp';
  size: number;
  sha1hash: string;
  originalFilename: string;
  metadata: { _type: 'sanity.imageMetadata'; dimensions: { _type: 'sanity.imageDimensions'; width: number; height: number; aspectRatio: number } };
}

/** Renders a design once; the file is named by its content hash, as Sanity names assets. */
async function renderAsset(design: DesignName): Promise<ImageAsset> {
  const bytes = await sharp(Buffer.from(renderDesign(design))).webp({ quality: 72, effort: 6 }).toBuffer();
  const sha1 = createHash('sha1').update(bytes).digest('hex');
  const fileName = `${sha1}-${ART_WIDTH}x${ART_HEIGHT}.webp`;
  writeFileSync(join(imagesDir, fileName), bytes);
  return {
    _id: `image-${sha1}-${ART_WIDTH}x${ART_HEIGHT}-webp`,
    _type: 'sanity.imageAsset',
    url: `/content/images/${fileName}`,
    path: `images/${fileName}`,
    extension: 'webp',
    mimeType: 'image/webp',
    size: bytes.length,
    sha1hash: sha1,
    originalFilename: `${design}.webp`,
    metadata: {
      _type: 'sanity.imageMetadata',
      dimensions: { _type: 'sanity.imageDimensions', width: ART_WIDTH, height: ART_HEIGHT, aspectRatio: ART_WIDTH / ART_HEIGHT },
    },
  };
}

const imageReference = (asset: ImageAsset) => ({ _type: 'image', asset: { _type: 'reference', _ref: asset._id } });

async function main() {
  mkdirSync(imagesDir, { recursive: true });
  for (const old of readdirSync(imagesDir)) if (old.endsWith('.webp')) rmSync(join(imagesDir, old));

  const assets = new Map<DesignName, ImageAsset>();
  const assetFor = async (design: DesignName) => {
    const existing = assets.get(design);
    if (existing) return existing;
    const asset = await renderAsset(design);
    assets.set(design, asset);
    return asset;
  };

  const posts = [];
  for (const [index, post] of demoPosts.entries()) {
    const body = [];
    for (const block of withKeys(post.body, `p${index}`)) {
      if (block._type !== 'image') {
        body.push(block);
        continue;
      }
      const { design, ...details } = block;
      body.push({ ...details, ...imageReference(await assetFor(design)) });
    }
    posts.push({
      _id: `post-${post.slug}`,
      _type: 'post',
      _createdAt: post.publishedAt,
      _updatedAt: post.publishedAt,
      title: post.title,
      slug: { _type: 'slug', current: post.slug },
      publishedAt: post.publishedAt,
      ...(post.author ? { author: post.author } : {}),
      ...(post.authorLink ? { authorLink: post.authorLink } : {}),
      ...(post.image ? { image: imageReference(await assetFor(post.image)) } : {}),
      body,
    });
  }

  const documents = [...posts, ...assets.values()];
  writeFileSync(join(here, 'posts.ndjson'), documents.map((doc) => JSON.stringify(doc)).join('\n') + '\n');
  const imageBytes = [...assets.values()].reduce((sum, asset) => sum + asset.size, 0);
  console.log(`Wrote ${posts.length} posts and ${assets.size} images (${Math.round(imageBytes / 1024)} KB)`);
}

await main();
