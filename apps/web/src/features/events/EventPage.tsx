import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import { type EventDetail, type EventStandings, isUuid } from '@campus-elo/api-contract';
import { Anchor, Badge, Container, Group, Skeleton, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { isNotFoundError } from '../../lib/error-message';
import { useLiveMatchStream } from '../../lib/live-stream';
import { pageTitle } from '../../lib/site-settings';
import { trpc } from '../../lib/trpc';
import { TeamLogo } from '../common/EntityImage';
import { LoadFailed } from '../common/LoadFailed';
import { PageSection } from '../common/PageSection';
import { RouterAnchor } from '../common/RouterAnchor';
import { EmptyMessage } from '../common/states';
import { usePageTitle } from '../common/usePageTitle';
import { NotFoundPage } from '../layout/NotFoundPage';
import { BracketStageView } from './Bracket';
import { dateRange, formatName, STATUS_NAMES } from './eventText';
import classes from './Events.module.css';
import { EmbedButton } from '../embeds/EmbedButton';

const LINK_NAMES: [keyof EventDetail['links'], string][] = [
  ['stream', 'Stream'],
  ['stream2', 'Second stream'],
  ['discord', 'Discord'],
  ['registration', 'Registration'],
  ['rules', 'Rules'],
];

/** '$1,500.00' when the currency is known to the browser, else '1500.00 XYZ'. */
function money(amount: string, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(Number(amount));
  } catch {
    return `${amount} ${currency}`;
  }
}

/** The details a team needs to enter: prize pool, entry fee, places, division and registration. */
export function eventFacts(details: EventDetail['details']): string[] {
  const facts: string[] = [];
  if (details.prize_pool !== null) facts.push(`Prize pool ${money(details.prize_pool, details.prize_currency)}`);
  if (details.entry_fee !== null && Number(details.entry_fee) > 0) facts.push(`Entry fee ${money(details.entry_fee, details.prize_currency)}`);
  if (details.max_teams !== null) facts.push(`Up to ${details.max_teams} teams`);
  if (details.division) facts.push(`Division: ${details.division}`);
  if (details.registration_open) {
    const until = details.registration_deadline
      ? ` until ${new Date(details.registration_deadline).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC`
      : '';
    facts.push(`Registration open${until}`);
  }
  return facts;
}

const TIE_BREAK_NAMES: Record<EventStandings['tie_break'], string> = { round_difference: 'round difference' };

function EventHeader({ event }: { event: EventDetail }) {
  const links = LINK_NAMES.filter(([key]) => event.links[key]);
  const facts = eventFacts(event.details);
  return (
    <header className={classes.header}>
      <TeamLogo src={event.picture} size={96} />
      <div className={classes.cardText}>
        <Group gap="xs">
          <Title order={1}>{event.name}</Title>
          <Badge variant="light" color={event.status === 'ongoing' ? 'red' : 'gray'}>
            {STATUS_NAMES[event.status]}
          </Badge>
          {event.details.featured && (
            <Badge variant="light" color="yellow">
              Featured
            </Badge>
          )}
          <EmbedButton path={`/embed/bracket/${event.id}`} title={event.name} />
        </Group>
        <Text c="dimmed">
          {dateRange(event.start_date, event.end_date)}
          {event.season && ` · ${event.season.name}`}
        </Text>
        <Text>
          {formatName(event.format, { grandFinalReset: event.grand_final_reset, swissRounds: event.swiss_rounds })} · {event.teams.length} teams
        </Text>
        {facts.length > 0 && <Text>{facts.join(' · ')}</Text>}
        {links.length > 0 && (
          <Group gap="md" mt="xs" component="ul" className={classes.links}>
            {links.map(([key, name]) => (
              <li key={key}>
                <Anchor href={event.links[key]!} target="_blank" rel="noopener noreferrer" fw={600}>
                  {name}
                </Anchor>
              </li>
            ))}
          </Group>
        )}
      </div>
    </header>
  );
}

function Champion({ winner }: { winner: NonNullable<EventDetail['winner']> }) {
  return (
    <section className={classes.champion} aria-label="Champion">
      <Text size="sm" fw={700} tt="uppercase" c="dimmed">
        Champion
      </Text>
      <Group gap="sm">
        <TeamLogo src={winner.picture} size={40} />
        <RouterAnchor to="/teams/$id" params={{ id: winner.id }} fw={700} size="xl">
          {winner.name}
        </RouterAnchor>
      </Group>
    </section>
  );
}

export function StandingsTable({ standings }: { standings: EventStandings }) {
  return (
    <>
      <Text size="sm" c="dimmed" mb="xs">
        Ordered by wins, then {TIE_BREAK_NAMES[standings.tie_break]} (rounds won less rounds lost), then the result between the tied teams, then seed.
      </Text>
      <Table.ScrollContainer minWidth={420}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">#</Table.Th>
              <Table.Th scope="col">Team</Table.Th>
              <Table.Th scope="col">Played</Table.Th>
              <Table.Th scope="col">Wins</Table.Th>
              <Table.Th scope="col">Losses</Table.Th>
              <Table.Th scope="col">Round difference</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {standings.rows.map((row) => (
              <Table.Tr key={row.team.id}>
                <Table.Td>{row.rank}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <TeamLogo src={row.team.picture} size={20} />
                    <RouterAnchor to="/teams/$id" params={{ id: row.team.id }}>
                      {row.team.name}
                    </RouterAnchor>
                  </Group>
                </Table.Td>
                <Table.Td>{row.played}</Table.Td>
                <Table.Td>{row.wins}</Table.Td>
                <Table.Td>{row.losses}</Table.Td>
                <Table.Td>{row.round_difference > 0 ? `+${row.round_difference}` : row.round_difference}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}

/** Keeps a running event's bracket current from the live stream (lib/live-stream.ts refetches it when one of its matches changes). */
function LiveBracketUpdates() {
  useLiveMatchStream();
  return null;
}

function EventView({ event }: { event: EventDetail }) {
  usePageTitle(pageTitle(event.name));
  // The team whose path is shown: the winner of the match under the pointer or focus.
  const [highlightTeam, setHighlightTeam] = useState<string | null>(null);
  const elimination = event.format === 'single_elimination' || event.format === 'double_elimination';
  return (
    <Container size="xl" py="xl">
      {event.status === 'ongoing' && <LiveBracketUpdates />}
      <EventHeader event={event} />
      {event.winner && <Champion winner={event.winner} />}
      <div className={classes.sections}>
        {event.description && (
          <PageSection title="About">
            <Text className={classes.description}>{event.description}</Text>
          </PageSection>
        )}
        {event.standings && (
          <PageSection title="Standings">
            <StandingsTable standings={event.standings} />
          </PageSection>
        )}
        <PageSection title={elimination ? 'Bracket' : 'Matches'}>
          {event.stages.length === 0 ? (
            <EmptyMessage message="The bracket is not drawn yet." />
          ) : (
            <>
              {elimination && (
                <Text size="sm" c="dimmed" data-bracket-hint>
                  {/* Pointing needs a mouse: a phone's visitor reads only what a tap does. */}
                  <span className={classes.pointerHint}>Point at or tab to a match to follow its winner's path. </span>
                  Played matches open their match page.
                </Text>
              )}
              {event.stages.map((stage) => (
                <BracketStageView key={stage.type} stage={stage} highlightTeam={highlightTeam} onHighlight={setHighlightTeam} titled={event.stages.length > 1} />
              ))}
            </>
          )}
        </PageSection>
      </div>
    </Container>
  );
}

/** /events/{id}: an event's details, links, champion, bracket and standings. */
export function EventPage({ id }: { id: string }) {
  const valid = isUuid(id);
  const event = trpc.public.event.useQuery({ id }, { enabled: valid });
  usePageTitle(pageTitle(event.data?.name ?? 'Event'));
  if (!valid || isNotFoundError(event.error)) return <NotFoundPage />;
  if (event.isPending) {
    return (
      <Container size="xl" py="xl" role="status" aria-label="Loading event">
        <Skeleton height={36} width="50%" />
        <Skeleton height={18} width="30%" mt="sm" />
        <Skeleton height={240} mt="lg" />
      </Container>
    );
  }
  if (event.isError) {
    return (
      <Container size="xl" py="xl">
        <LoadFailed message="This event could not be loaded. Check your connection and try again." onRetry={() => void event.refetch()} />
      </Container>
    );
  }
  return <EventView event={event.data} />;
}
