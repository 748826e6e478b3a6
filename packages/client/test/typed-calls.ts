// Type-checked against the built dist (tsconfig.dist.json), never run: if the bundled router
// type were lost (procedures typed `any`), the unused @ts-expect-error lines would fail the check.
import { createCampusEloClient, type RouterInputs } from '@campus-elo/client';

const client = createCampusEloClient({ url: 'http://localhost:3000' });

export async function typedCalls(): Promise<number> {
  const teams = await client.public.teams.query({ sort: 'elo', order: 'desc', page_size: 10 });
  const sort: RouterInputs['public']['teams']['sort'] = 'name';
  await client.public.teams.query({ sort });
  // @ts-expect-error: no such procedure
  await client.public.teamz.query({});
  // @ts-expect-error: teams sort by elo, name or school_name
  await client.public.teams.query({ sort: 'wins' });
  // @ts-expect-error: no such input field
  await client.public.teams.query({ colour: 'red' });
  // @ts-expect-error: a token needs a password
  await client.auth.createToken.mutate({ email: 'owner@example.test' });
  // @ts-expect-error: outputs keep their types (a name is a string)
  const name: number = teams.results[0]!.name;
  return teams.results[0]!.elo + name;
}
