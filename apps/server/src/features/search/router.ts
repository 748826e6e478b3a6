import { searchInput, searchOutput } from '@campus-elo/api-contract';
import { publicProcedure } from '../../trpc';
import { search } from './search';

/** The search box, for everyone. */
export const searchPublicProcedures = {
  search: publicProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/public/search',
        summary: 'Search teams and players by name',
        description:
          'Ignores case and accents. From 3 characters any part of a name matches, 2 characters match the start of a word, fewer answer empty lists; from 4 characters a name one letter off matches too. Best matches first, then by Elo. Hidden players never appear.',
        tag: 'Public',
        params: { q: 'What to look for (at most 200 characters).', limit: 'Teams and players each, 1 to 50 (default 8; more is answered as 50).' },
      },
    })
    .input(searchInput)
    .output(searchOutput)
    .query(({ ctx, input }) => search(ctx.db, input)),
};
