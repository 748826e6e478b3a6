import type { MatchListItem } from '@campus-elo/api-contract';
import { Button, Code, CopyButton, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { trpc } from '../../lib/trpc';
import { ErrorMessage, LoadingState } from '../common/states';
// From the dialog's module, so the public Embed dialog and this tab share one chunk (decision 0100).
import { embedSnippet, embedUrl, LEAGUE_EMBEDS, overlayUrls } from './EmbedDialog';

/** Matches a caster may pick: live ones and those coming up, then the latest played. */
const PICKABLE_MATCHES = { status: ['in_progress', 'scheduled'], sort: 'date', order: 'asc', page: 1, page_size: 100 } as const;

const matchLabel = (match: MatchListItem) =>
  `${match.team1.name} vs ${match.team2.name}${match.status === 'in_progress' ? ' (live)' : match.date ? ` · ${match.date.slice(0, 10)}` : ''}`;

function CopyValue({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button size="xs" variant="light" onClick={copy} aria-label={`Copy ${label}`}>
          {copied ? 'Copied' : 'Copy'}
        </Button>
      )}
    </CopyButton>
  );
}

/** The caster's picker: a live or upcoming match, and its overlays' addresses for OBS browser sources (1920x1080). */
function OverlayPicker({ origin }: { origin: string }) {
  const matches = trpc.public.matches.useQuery({ ...PICKABLE_MATCHES, status: [...PICKABLE_MATCHES.status] });
  const [matchId, setMatchId] = useState<string | null>(null);
  if (matches.isPending) return <LoadingState label="Loading matches" />;
  if (matches.isError) return <ErrorMessage message="Error loading matches" />;
  const picked = matches.data.results.find((match) => match.id === matchId);
  return (
    <Stack gap="sm">
      <Select
        label="Match"
        placeholder="Search by team"
        searchable
        clearable
        nothingFoundMessage="No live or upcoming match"
        data={matches.data.results.map((match) => ({ value: match.id, label: matchLabel(match) }))}
        value={matchId}
        onChange={setMatchId}
      />
      {picked && (
        <Table>
          <Table.Tbody>
            {overlayUrls(origin, picked).map((overlay) => (
              <Table.Tr key={overlay.url}>
                <Table.Td>{overlay.label}</Table.Td>
                <Table.Td>
                  <Code>{overlay.url}</Code>
                </Table.Td>
                <Table.Td>
                  <CopyValue value={overlay.url} label={`${overlay.label} overlay URL`} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** Admin panel, 'Embeds & overlays': every league embed with its snippet, and the caster's overlay picker. */
export function EmbedsTab() {
  // The site's address is known in the browser only: read after render.
  const [origin, setOrigin] = useState('');
  useEffect(() => setOrigin(window.location.origin), []);
  if (!origin) return <LoadingState />;
  return (
    <Stack gap="xl">
      <section aria-labelledby="embeds-title">
        <Title order={2} size="h3" id="embeds-title" mb="xs">
          Embeds
        </Title>
        <Text size="sm" mb="sm">
          Any site may show these in an iframe; options: theme=light|dark, accent= (hex colour), limit= (1 to 50). The bracket and match embeds are on each event and match page (Embed).
        </Text>
        <Stack gap="md">
          {LEAGUE_EMBEDS.map((embed) => {
            const url = embedUrl(origin, embed.path);
            return (
              <div key={embed.path}>
                <Group justify="space-between">
                  <Text fw={600}>{embed.title}</Text>
                  <CopyValue value={embedSnippet(url, embed.title)} label={`${embed.title} snippet`} />
                </Group>
                <Text size="sm">{embed.about}</Text>
                <Code block>{embedSnippet(url, embed.title)}</Code>
              </div>
            );
          })}
        </Stack>
      </section>
      <section aria-labelledby="overlays-title">
        <Title order={2} size="h3" id="overlays-title" mb="xs">
          Stream overlays
        </Title>
        <Text size="sm" mb="sm">
          Transparent 1920x1080 pages for a browser source; they follow the match live. The ticker shows every live score and today&apos;s results.
        </Text>
        <OverlayPicker origin={origin} />
      </section>
    </Stack>
  );
}
