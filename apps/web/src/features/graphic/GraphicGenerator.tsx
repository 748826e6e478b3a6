import { Alert, Button, Card, ColorInput, FileInput, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { siteSettings } from '../../lib/site-settings';
import { trpc } from '../../lib/trpc';
import { formatCalendarDate, formatDate, browserTimeZone } from '../common/format';
import { useCurrentSeason } from '../common/useCurrentSeason';
import { GRAPHIC_HEIGHT, GRAPHIC_WIDTH, drawGraphic } from './draw-graphic';
import classes from './GraphicGenerator.module.css';
import { fetchBackgroundUrl, loadImage, loadTeamPicture } from './load-image';

const TOP_TEAMS = 10;
const SITE_LOGO = '/images/logo.svg';
const ALL_SEASONS = 'all';
/** The Ranking Week choice for today's Elo rather than a saved snapshot. */
const CURRENT_ELO = 'current';

/** 'TOP 10 TEAMS' -> 'top-10-teams.png'. */
export function graphicFileName(title: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug || 'graphic'}.png`;
}

/**
 * The shareable top-10 teams graphic, drawn on a 1200x800 canvas and downloaded as a PNG.
 * `titleOrder` 1 on its own page (/admin/graphic), 2 inside the admin panel's tab.
 */
export function GraphicGenerator({ titleOrder = 2 }: { titleOrder?: 1 | 2 }) {
  const [title, setTitle] = useState('TOP 10 TEAMS');
  const [titleColor, setTitleColor] = useState('#ffffff');
  const [teamTextColor, setTeamTextColor] = useState('#ffffff');
  const [overlayColor, setOverlayColor] = useState('rgba(0, 0, 0, 0.7)');
  const [seasonChoice, setSeasonChoice] = useState<string | null>(null);
  const [weekChoice, setWeekChoice] = useState<string>(CURRENT_ELO);
  const [downloading, setDownloading] = useState(false);
  const [backgroundFile, setBackgroundFile] = useState<File | null>(null);
  const [backgroundUrlText, setBackgroundUrlText] = useState('');
  const [background, setBackground] = useState<string | null>(null);
  const [backgroundError, setBackgroundError] = useState<string | null>(null);
  const [loadingUrl, setLoadingUrl] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const pictures = useRef(new Map<string, Promise<HTMLImageElement>>());

  const currentSeason = useCurrentSeason();
  const seasons = trpc.public.seasons.useQuery({ sort: 'start_date', order: 'desc', page_size: 50 });
  const seasonValue = seasonChoice ?? currentSeason.data?.id ?? (currentSeason.isLoading ? null : ALL_SEASONS);
  const oneSeason = seasonValue !== null && seasonValue !== ALL_SEASONS;
  const weeks = trpc.public.rankings.useQuery({ season_id: oneSeason ? seasonValue : undefined, order: 'desc', page_size: 100 }, { enabled: oneSeason });
  const rankingId = oneSeason && weekChoice !== CURRENT_ELO ? weekChoice : null;
  const currentTeams = trpc.public.teams.useQuery(
    { sort: 'elo', order: 'desc', page_size: TOP_TEAMS, ...(oneSeason ? { season_id: seasonValue } : {}) },
    { enabled: seasonValue !== null && rankingId === null },
  );
  const weekTeams = trpc.public.rankingItems.useQuery({ ranking_id: rankingId ?? '', page_size: TOP_TEAMS }, { enabled: rankingId !== null });
  // The top ten as drawn: today's Elo, or a saved ranking week's order and Elo.
  const teams = useMemo(() => {
    if (rankingId !== null) return weekTeams.data?.results.map((item) => ({ ...item.team, elo: item.elo }));
    return currentTeams.data?.results;
  }, [rankingId, weekTeams.data, currentTeams.data]);
  const chosenWeek = weeks.data?.results.find((week) => week.id === rankingId);
  // A snapshot's date is a calendar day (the same in every zone); today's Elo is dated the admin's today.
  const weekLabel = chosenWeek ? weekOfLabel(chosenWeek.date) : `Rankings of ${formatDate(new Date().toISOString(), browserTimeZone())}`;

  // An object URL holds its picture in memory until revoked: free it once it is replaced or the page closes.
  useEffect(() => () => revokeObjectUrl(background), [background]);
  function replaceBackground(next: string | null) {
    setBackground(next);
    setBackgroundError(null);
  }

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!context || !teams) return;
    let cancelled = false;
    setDrawn(false);
    const cached = (key: string, load: () => Promise<HTMLImageElement>) => {
      if (!pictures.current.has(key)) pictures.current.set(key, load());
      return pictures.current.get(key)!;
    };
    const results = teams;
    Promise.all([
      cached(SITE_LOGO, () => loadImage(SITE_LOGO)),
      Promise.all(results.map((team) => cached(`team:${team.picture ?? ''}`, () => loadTeamPicture(team.picture)))),
      background ? loadImage(background) : null,
    ])
      .then(([logo, teamPictures, backgroundImage]) => {
        if (cancelled) return;
        drawGraphic(context, {
          background: backgroundImage,
          title,
          titleColor,
          teamTextColor,
          overlayColor,
          teams: results.map((team, i) => ({ name: team.name, schoolName: team.school_name, elo: team.elo, picture: teamPictures[i]! })),
          weekLabel,
          logo,
          siteName: siteSettings.siteName,
        });
        setDrawn(true);
      })
      .catch(() => {
        if (!cancelled) setBackgroundError('The background image could not be drawn.');
      });
    return () => {
      cancelled = true;
    };
  }, [teams, weekLabel, background, title, titleColor, teamTextColor, overlayColor]);

  function chooseFile(file: File | null) {
    setBackgroundFile(file);
    if (!file) return replaceBackground(null);
    if (!file.type.startsWith('image/')) {
      setBackgroundError('The file given is not an image');
      return;
    }
    setBackgroundUrlText('');
    replaceBackground(URL.createObjectURL(file));
  }

  async function loadUrl() {
    const url = backgroundUrlText.trim();
    if (!url) return;
    setLoadingUrl(true);
    try {
      const objectUrl = await fetchBackgroundUrl(url);
      setBackgroundFile(null);
      replaceBackground(objectUrl);
    } catch (error) {
      setBackgroundError(error instanceof Error ? error.message : 'The image could not be loaded');
    } finally {
      setLoadingUrl(false);
    }
  }

  function clearBackground() {
    setBackgroundFile(null);
    setBackgroundUrlText('');
    replaceBackground(null);
  }

  function download() {
    const canvas = canvasRef.current;
    if (!canvas) return;
    // Encoding a 1200x800 PNG takes a moment: the button shows it is busy until the file is handed over.
    setDownloading(true);
    canvas.toBlob((blob) => {
      setDownloading(false);
      if (!blob) return;
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = graphicFileName(title);
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    }, 'image/png');
  }

  const seasonOptions = [
    { value: ALL_SEASONS, label: 'All Seasons' },
    ...(seasons.data?.results ?? []).map((season) => ({ value: season.id, label: season.name })),
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={titleOrder} size="h2">
          Graphic Generator
        </Title>
        <Button onClick={download} disabled={!drawn} loading={downloading}>
          Download
        </Button>
      </Group>

      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <Card withBorder padding="lg">
          <Stack gap="sm">
            <FileInput
              label="Background Image"
              placeholder="Upload an image"
              accept="image/*"
              value={backgroundFile}
              onChange={chooseFile}
              clearable
            />
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <TextInput
                label="Or paste an image URL"
                placeholder="https://…"
                value={backgroundUrlText}
                onChange={(event) => setBackgroundUrlText(event.currentTarget.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') void loadUrl();
                }}
                style={{ flex: 1 }}
              />
              <Button variant="light" onClick={() => void loadUrl()} loading={loadingUrl} disabled={!backgroundUrlText.trim()}>
                Load
              </Button>
            </Group>
            <Button variant="default" onClick={clearBackground} disabled={!background}>
              Clear Background
            </Button>
            {backgroundError && (
              <Text c="var(--app-error-text)" size="sm" role="alert">
                {backgroundError}
              </Text>
            )}
            <Select
              label="Season"
              data={seasonOptions}
              value={seasonValue}
              onChange={(value) => {
                setSeasonChoice(value ?? ALL_SEASONS);
                setWeekChoice(CURRENT_ELO);
              }}
              allowDeselect={false}
            />
            {oneSeason && (
              <Select
                label="Ranking Week"
                data={[
                  { value: CURRENT_ELO, label: 'Current Rankings' },
                  ...(weeks.data?.results ?? []).map((week) => ({ value: week.id, label: weekOfLabel(week.date) })),
                ]}
                value={weekChoice}
                onChange={(value) => setWeekChoice(value ?? CURRENT_ELO)}
                allowDeselect={false}
              />
            )}
            <TextInput label="Title Text" value={title} onChange={(event) => setTitle(event.currentTarget.value)} />
            <ColorInput label="Title Color" value={titleColor} onChange={setTitleColor} eyeDropperButtonProps={{ 'aria-label': 'Pick the title colour from the screen' }} />
            <ColorInput label="Team Text Color" value={teamTextColor} onChange={setTeamTextColor} eyeDropperButtonProps={{ 'aria-label': 'Pick the team text colour from the screen' }} />
            <ColorInput
              label="Text Background Overlay"
              format="rgba"
              value={overlayColor}
              onChange={setOverlayColor}
              eyeDropperButtonProps={{ 'aria-label': 'Pick the overlay colour from the screen' }}
            />
          </Stack>
        </Card>

        <Card withBorder padding="lg" className={classes.previewCard}>
          <div className={classes.preview}>
            <canvas
              ref={canvasRef}
              width={GRAPHIC_WIDTH}
              height={GRAPHIC_HEIGHT}
              className={classes.canvas}
              role="img"
              aria-label={`${title}, ${weekLabel}: graphic preview`}
              data-drawn={drawn ? 'true' : 'false'}
            />
          </div>
          {!background && (
            <Text size="sm" c="dimmed" ta="center" mt="xs">
              Upload or paste a background image
            </Text>
          )}
          {(rankingId !== null ? weekTeams.isError : currentTeams.isError) && (
            <Alert color="red" mt="sm" role="alert">
              Failed to load the teams for the graphic.
            </Alert>
          )}
        </Card>
      </SimpleGrid>

      <Card withBorder padding="lg">
        <Title order={3} size="h4">
          How to Save
        </Title>
        <Text size="sm" mt="xs">
          This graphic is made for social sharing at a 3:2 ratio ({GRAPHIC_WIDTH} × {GRAPHIC_HEIGHT} pixels). Download saves it as a PNG file;
          you can also right-click the preview and choose to save the image, or use a screenshot tool.
        </Text>
      </Card>
    </Stack>
  );
}

function weekOfLabel(date: string): string {
  return `Week of ${formatCalendarDate(date)}`;
}

function revokeObjectUrl(url: string | null) {
  if (url?.startsWith('blob:')) URL.revokeObjectURL(url);
}
