/**
 * The news post document type, for a Sanity Studio that feeds the site (see ../README.md).
 * Written as the plain object that Sanity's `defineType` returns, so this repository needs no
 * Sanity dependency; the fields are the ones the site's GROQ queries read
 * (packages/api-contract/src/news-queries.ts).
 */

/** The part of Sanity's validation rule API used here. */
interface Rule {
  required(): Rule;
  max(length: number): Rule;
  uri(options: { scheme?: string[]; allowRelative?: boolean }): Rule;
}

/*
 * The part of Sanity's schema definition shape used here, so `pnpm typecheck` catches a
 * misspelt key or field type without installing Sanity Studio.
 */
interface TitledValue {
  title: string;
  value: string;
}
interface Field {
  name: string;
  title: string;
  type: 'string' | 'text' | 'slug' | 'datetime' | 'url' | 'image' | 'array' | 'object';
  description?: string;
  options?: { source?: string; maxLength?: number; hotspot?: boolean };
  initialValue?: () => unknown;
  validation?: (rule: Rule) => Rule;
  fields?: Field[];
  of?: ArrayMember[];
}
interface BlockMember {
  type: 'block';
  styles: TitledValue[];
  lists: TitledValue[];
  marks: { decorators: TitledValue[]; annotations: Field[] };
}
interface ImageMember {
  type: 'image';
  options?: { hotspot?: boolean };
  fields?: Field[];
}
type ArrayMember = BlockMember | ImageMember;
interface DocumentDefinition {
  name: string;
  title: string;
  type: 'document';
  fields: Field[];
  orderings?: { title: string; name: string; by: { field: string; direction: 'asc' | 'desc' }[] }[];
  preview?: { select: Record<string, string> };
}

const WEB_AND_MAIL = ['http', 'https', 'mailto'];

export const post = {
  name: 'post',
  title: 'News post',
  type: 'document',
  fields: [
    {
      name: 'title',
      title: 'Title',
      type: 'string',
      validation: (rule: Rule) => rule.required().max(120),
    },
    {
      name: 'slug',
      title: 'Slug',
      type: 'slug',
      description: 'The address of the article: /news/<slug>.',
      options: { source: 'title', maxLength: 96 },
      validation: (rule: Rule) => rule.required(),
    },
    {
      name: 'publishedAt',
      title: 'Published at',
      type: 'datetime',
      description: 'Lists show the newest posts first.',
      initialValue: () => new Date().toISOString(),
      validation: (rule: Rule) => rule.required(),
    },
    {
      name: 'author',
      title: 'Author',
      type: 'string',
      description: 'Leave empty to credit the site staff ("<site name> Staff").',
    },
    {
      name: 'authorLink',
      title: 'Author link',
      type: 'url',
      description: "The author's page; shown as a link on the article.",
      validation: (rule: Rule) => rule.uri({ scheme: WEB_AND_MAIL }),
    },
    {
      name: 'image',
      title: 'Main image',
      type: 'image',
      description: 'Shown in the lists and above the article; 16:9 works best (e.g. 1200x675).',
      options: { hotspot: true },
    },
    {
      name: 'body',
      title: 'Body',
      type: 'array',
      of: [
        {
          type: 'block',
          styles: [
            { title: 'Normal', value: 'normal' },
            { title: 'Heading 1', value: 'h1' },
            { title: 'Heading 2', value: 'h2' },
            { title: 'Heading 3', value: 'h3' },
            { title: 'Heading 4', value: 'h4' },
            { title: 'Quote', value: 'blockquote' },
          ],
          lists: [
            { title: 'Bullet', value: 'bullet' },
            { title: 'Numbered', value: 'number' },
          ],
          marks: {
            decorators: [
              { title: 'Strong', value: 'strong' },
              { title: 'Emphasis', value: 'em' },
              { title: 'Code', value: 'code' },
            ],
            annotations: [
              {
                name: 'link',
                title: 'Link',
                type: 'object',
                fields: [
                  {
                    name: 'href',
                    title: 'URL',
                    type: 'url',
                    description: "A path on the site ('/rankings') opens in the same tab; other addresses open in a new one.",
                    validation: (rule: Rule) => rule.uri({ scheme: WEB_AND_MAIL, allowRelative: true }),
                  },
                ],
              },
            ],
          },
        },
        {
          type: 'image',
          options: { hotspot: true },
          fields: [
            { name: 'alt', title: 'Alternative text', type: 'string', description: "What the picture shows, for screen readers. Empty reads as 'Article Image'." },
            { name: 'caption', title: 'Caption', type: 'string' },
          ],
        },
      ],
    },
  ],
  orderings: [{ title: 'Newest first', name: 'publishedAtDesc', by: [{ field: 'publishedAt', direction: 'desc' }] }],
  preview: { select: { title: 'title', subtitle: 'author', media: 'image' } },
} satisfies DocumentDefinition;
