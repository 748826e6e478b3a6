import { ordinal } from '@campus-elo/domain';
import { trpc } from '../../lib/trpc';
import { RouterAnchor } from '../common/RouterAnchor';
import { formatChance, mainLine } from './standings-wording';

/**
 * The team header's division fact: '3rd of 8 in Challengers' (linked to that table) and its
 * chance of the division's main line. Nothing while loading, when the team is in no division
 * this season, or when the standing could not be read (the header's other facts stand alone).
 */
export function TeamStandingFact({ teamId }: { teamId: string }) {
  const standing = trpc.public.teamStanding.useQuery({ id: teamId });
  const data = standing.data;
  if (!data) return null;
  const line = mainLine(data.lines);
  const chance = line && data.chances ? data.chances.lines[line.label] : undefined;
  return (
    <div>
      <dt>Division</dt>
      <dd data-fact="division">
        <RouterAnchor to="/standings" search={{ season: data.season.id, division: data.division.id }} underline="always">
          {ordinal(data.place)} of {data.of} in {data.division.name}
        </RouterAnchor>
        {line && chance !== undefined && (
          <>
            {' · '}
            <span data-fact="line-chance">
              {line.label} chance {formatChance(chance)}
            </span>
          </>
        )}
      </dd>
    </div>
  );
}
