import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/List.css';
import { DEFAULT_ELO, ELO_K, ELO_SCALE, PROVISIONAL_MATCHES, TEAM_ELO_LINEUP_SIZE, TEAM_ELO_SPREAD_PENALTY } from '@campus-elo/domain';
import { Code, Container, List, Text, Title } from '@mantine/core';
import { pageTitle } from '../../lib/site-settings';
import { PageSection } from '../common/PageSection';
import { RouterAnchor } from '../common/RouterAnchor';
import { usePageTitle } from '../common/usePageTitle';
import { AccuracySection } from './AccuracySection';
import classes from './RatingsPage.module.css';

/**
 * /ratings: how the ratings work, for visitors, with the formulas of docs/product.md ("Rules
 * and formulas"); the numbers come from packages/domain, so the page says what the code does.
 */
export function RatingsPage() {
  usePageTitle(pageTitle('How ratings work'));
  return (
    <Container size="md" py="xl">
      <Title order={1}>How ratings work</Title>
      <Text mt="sm">
        Every team has an Elo rating: a number that goes up when it wins and down when it loses. Beating a stronger team earns more than beating a
        weaker one. Each team’s page links to the list of every change that made its Elo, so anyone can check it. Back to the{' '}
        <RouterAnchor to="/rankings" underline="always">
          rankings
        </RouterAnchor>
        .
      </Text>
      <div className={classes.sections}>
        <PageSection title="The Elo rule">
          <Text>
            Before a match, the two teams’ Elo give each a chance of winning. The bigger the gap, the surer the favourite; a gap of {ELO_SCALE} points
            makes the stronger team ten times as likely to win.
          </Text>
          <Code block mt="sm">
            {`expected chance E = 1 / (1 + 10^((opponent − own) / ${ELO_SCALE}))\nchange = round(${ELO_K} × (result − E))   result: 1 for a win, 0 for a loss`}
          </Code>
          <Text mt="sm">
            So a team with a 64% chance that wins gains round({ELO_K} × (1 − 0.64)) = +54, and loses round({ELO_K} × (0 − 0.64)) = −96 if it
            loses. The winner gains about what the loser drops; no match moves a team more than {ELO_K} points.
          </Text>
        </PageSection>
        <PageSection title="Where a team’s Elo starts">
          <Text>
            A new team starts at {DEFAULT_ELO}. The league can also rate a team from its roster (Calculate Team ELO): take the best{' '}
            {TEAM_ELO_LINEUP_SIZE} players who are not benched, by their FACEIT Elo, and use their average minus {TEAM_ELO_SPREAD_PENALTY} × how
            spread out they are (the standard deviation), so an uneven lineup rates a little lower.
          </Text>
          <Code block mt="sm">
            {`team Elo = round(mean − ${TEAM_ELO_SPREAD_PENALTY} × standard deviation)   of the best ${TEAM_ELO_LINEUP_SIZE} active players`}
          </Code>
          <Text mt="sm">A team needs at least two rated players for this. League staff can also set a team’s Elo, and when two entries of the same team are merged, the team keeps its Elo. Each of these shows on the team’s rating page with its date.</Text>
        </PageSection>
        <PageSection title="Which matches count">
          <Text>A match moves Elo (a “rated match”) when it is:</Text>
          <List mt="xs">
            <List.Item>completed: scheduled, live and cancelled matches have no result;</List.Item>
            <List.Item>dated, so it can be put in order among the others;</List.Item>
            <List.Item>between two real teams: not against a bye, and not a team against itself;</List.Item>
            <List.Item>won by one of the two teams.</List.Item>
          </List>
          <Text mt="sm">
            Matches count in date order. When a result arrives late or is corrected, every rating it touches is worked out again from that date on,
            so a team’s Elo is always what its matches give.
          </Text>
        </PageSection>
        <PageSection title="Provisional ratings (?)">
          <Text>
            A team with fewer than {PROVISIONAL_MATCHES} rated matches has a provisional rating: its rank shows a “?” that tells how many it has
            played. After a few matches the Elo says little about how strong a team is; after {PROVISIONAL_MATCHES} it has had the chance to move.
          </Text>
        </PageSection>
        <PageSection title="Star rating of a match">
          <Text>How worth watching a match is, from the two teams’ Elo a and b: close matches between strong teams get the most stars.</Text>
          <Code block mt="sm">
            {'m = (a + b) / 2   (how strong)\nd = |a − b|       (how close)\nscore = (exp(−d / 400) + 0.15) × 1 / (1 + exp(−(m − 1800) / 400))\nif m < 2000 the score is capped at 0.49\nstars: ≥ 0.6 → 5, ≥ 0.5 → 4, ≥ 0.35 → 3, ≥ 0.18 → 2, else 1'}
          </Code>
        </PageSection>
        <PageSection title="Weekly snapshots">
          <Text>
            Once a week the league saves the rankings: every team of the season ranked by Elo (then by name). The rankings page shows how each team
            moved since the last snapshot, and each team’s page keeps its place week by week. A season that has ended is ranked by each team’s
            Elo at the end of its last day.
          </Text>
        </PageSection>
        <AccuracySection />
      </div>
    </Container>
  );
}
