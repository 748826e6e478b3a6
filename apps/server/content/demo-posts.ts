/**
 * The demo news posts (original text). generate.ts turns them into posts.ndjson.
 * Together the bodies use every block the article page supports.
 */
import type { DesignName } from './artwork';
import { bullets, h1, h2, h3, h4, numbered, p, picture, quote, type SourceBlock } from './portable-text';

export interface DemoPost {
  slug: string;
  title: string;
  publishedAt: string;
  author?: string;
  authorLink?: string;
  /** Hero artwork; one post has none, to show a post without an image. */
  image?: DesignName;
  body: SourceBlock[];
}

const maya = { author: 'Maya Okafor', authorLink: 'https://example.org/staff/maya-okafor' };
const jonah = { author: 'Jonah Reyes', authorLink: 'https://example.org/staff/jonah-reyes' };
const priya = { author: 'Priya Natarajan' };

export const demoPosts: DemoPost[] = [
  {
    slug: 'welcome-to-fall-2026',
    title: 'Welcome to the Fall 2026 season',
    publishedAt: '2026-08-24T15:00:00Z',
    ...maya,
    image: 'kickoff',
    body: [
      p('The servers are warm, the brackets are drawn and the first match of the season is only a few days away. Welcome back to college Counter-Strike: this fall, more schools than ever will chase a spot at the top of the ladder.'),
      p('If you are new here, this site follows every team and player in the league. The [rankings](/rankings) update as results come in, the [match schedule](/matches#upcoming) shows what is coming up, and this news page keeps you posted on everything in between.'),
      h2('What is new this fall'),
      ...bullets(
        '**Weekly ranking snapshots.** Every Monday we freeze the team ladder, so you can look back at how the race developed week by week.',
        '**Match interest stars.** Upcoming matches get a rating from one to five stars, based on how strong and how even the two teams are.',
        '**Two circuits, one ladder.** Results from both NECC and Playfly count towards the same Elo ratings.',
      ),
      h2('Key dates'),
      ...numbered(
        'Opening week: August 31 to September 6.',
        'Roster lock: October 2, after which substitutes need league approval.',
        'Final regular-season week: December 7 to December 13.',
        'Playoffs: the weekend of December 18.',
      ),
      p('Good luck to every team, and have fun out there. We will see you on the server.'),
    ],
  },
  {
    slug: 'how-elo-rankings-work',
    title: 'How our Elo rankings work',
    publishedAt: '2026-09-01T14:00:00Z',
    image: 'ladder',
    body: [
      p('Every team and every player on this site carries an Elo rating. It is a single number that rises when you win and falls when you lose, and it moves more when the result is a surprise. Here is how it works, without the hand-waving.'),
      h2('The expected score'),
      p('Before a match starts, each team gets an *expected score*: the chance the rating system gives it to win. For a team rated `A` facing a team rated `B`, it is `1 / (1 + 10^((B - A) / 800))`. Two evenly rated teams each expect 0.5; a team 200 points above its opponent expects about 0.64.'),
      picture('eloCurve', {
        alt: 'An S-shaped curve: the expected score rises from 0 to 1 as the rating difference grows.',
        caption: 'The expected score against the rating difference. The curve is steepest where teams are evenly matched.',
      }),
      h2('How much a result moves the rating'),
      p('After the match, the winner gains `150 × (1 − expected)` points, rounded, and the loser drops by its own expected score times 150. A few things follow from that:'),
      ...numbered(
        'Beating a much stronger team is worth a lot. An underdog 200 points below gains about **96** for a win.',
        'Beating a weaker team is worth little. The favourite in that same match gains only **54**.',
        'Losing works the other way round, so ratings stay honest over a season.',
      ),
      quote('A rating is a summary of results, not a verdict on talent. Play the next match and it changes.'),
      h2('Where ratings start'),
      p('A team that has never played starts at **1000**. Team ratings at the start of a season come from the players on the roster, so a new team of experienced players does not have to climb from the bottom.'),
      p('Want the history? The Elo system was designed for chess, and [the Wikipedia article on it](https://en.wikipedia.org/wiki/Elo_rating_system) is a good read. Or skip the theory and see where your team stands in the [rankings](/rankings).'),
    ],
  },
  {
    slug: 'necc-and-playfly-one-ladder',
    title: 'Two circuits, one ladder: NECC and Playfly',
    publishedAt: '2026-09-08T16:30:00Z',
    ...jonah,
    image: 'circuits',
    body: [
      p('Many of our schools play in two competitions at once: NECC on FACEIT and the Playfly league on Leaguespot. Until now, that meant two separate tables and a lot of arguing about which one really counted. From this season, both count.'),
      h2('How it fits together'),
      p('Staff import results from both platforms several times a week. A completed match moves the Elo of both teams exactly once, no matter which circuit it was played in, so a team that plays twice as often simply has more chances to move.'),
      ...bullets(
        'NECC matches are imported from [FACEIT](https://www.faceit.com/).',
        'Playfly matches come from the Leaguespot platform.',
        'Cancelled or forfeited matches are kept out of the ratings.',
      ),
      h3('What you will see on match cards'),
      p('Each match shows a competition badge, so you can tell at a glance where it was played. The [past matches](/matches#past) list can be filtered by competition if you want to follow only one circuit.'),
      quote('We wanted one number that tells you how good a team is right now. Two ladders could never do that.'),
      p('Questions about a result that looks wrong? Tell your team captain, who can reach the league staff directly.'),
    ],
  },
  {
    slug: 'fall-map-pool-and-veto',
    title: 'The Fall map pool and veto order',
    publishedAt: '2026-09-15T13:00:00Z',
    ...priya,
    image: 'mapPool',
    body: [
      p('The league follows the competitive active duty pool for the whole season, with no mid-season changes. Here is how the veto works in our best-of-one and best-of-three matches.'),
      h2('Best of one'),
      ...numbered(
        'The higher-seeded team chooses whether to ban first.',
        'Teams alternate bans until one map remains.',
        'The team that did not ban last picks its starting side.',
      ),
      h2('Best of three'),
      h3('Bans and picks'),
      p('Each team bans one map, then each picks one, then each bans one more. The last map standing is the decider.'),
      h4('Side selection'),
      p('The team that did not pick a map chooses sides on it. On the decider, the sides are settled by a knife round.'),
      h3('Timing'),
      p('Captains have **two minutes** per veto step. A missed step is taken at random by the admin, which is almost never what you want.'),
      p('Full match settings are in the captain checklist, and the official [Counter-Strike site](https://www.counter-strike.net/) lists the current active duty maps.'),
    ],
  },
  {
    slug: 'week-5-rankings-top-ten',
    title: 'Week 5 rankings: the top ten takes shape',
    publishedAt: '2026-09-29T17:00:00Z',
    image: 'rankings',
    body: [
      p('Five weeks in, the ladder is starting to look like a ladder. The top three have separated from the pack, and the fight for the last places in the top ten has never been closer.'),
      h2('Movers and shakers'),
      ...bullets(
        '**Cedar Ridge Phoenix** hold first place for a third straight week after a clean 2–0 against Westbrook State Bison.',
        '**Eclipse Knights** jump four places after beating two teams rated above them in the same week.',
        '**Copperfield Lions** slip out of the top ten on a tie-breaker, a few points behind Ironwood Comets.',
      ),
      p('Remember that a snapshot is a moment in time: the live ladder on the [rankings page](/rankings#team) changes with every imported result. Use the *Ranking Week* menu there to compare any two weeks.'),
      quote('The gap between fifth and twelfth is smaller than one upset. Nothing is settled yet.'),
    ],
  },
  {
    slug: 'match-day-checklist-for-captains',
    title: 'A match-day checklist for team captains',
    publishedAt: '2026-10-06T12:00:00Z',
    ...maya,
    image: 'checklist',
    body: [
      p('Most match-day trouble is avoidable. We asked captains and admins what goes wrong most often, and turned the answers into a checklist you can run through in ten minutes.'),
      h2('The day before'),
      ...bullets(
        'Confirm the match time with the other captain, in writing.',
        'Check that every player on the roster is linked to their platform account.',
        'Agree on a substitute, and make sure they are on the roster before it locks.',
      ),
      h2('One hour before'),
      ...numbered(
        'Restart machines and update the game. Patch day surprises are real.',
        'Join voice and run a short warm-up, not a full practice.',
        'Open the match room early so the veto starts on time.',
      ),
      picture('lanSetup', { caption: 'A tidy setup saves more rounds than any strategy.' }),
      h2('During the match'),
      p('Use the tactical pauses your ruleset allows and keep technical pauses for real problems. If the server misbehaves, take a screenshot of the console, including the output of `status`, before anyone reconnects.'),
      p('After the match, check that the result shows up in [past matches](/matches#past) within a day. If it does not, your captain can ask staff to re-import it.'),
    ],
  },
  {
    slug: 'rules-update-pauses-overtime-substitutes',
    title: 'Rules update: pauses, overtime and substitutes',
    publishedAt: '2026-10-13T18:00:00Z',
    body: [
      p('After the first month of play, the league committee has clarified three rules that caused the most questions. The changes apply from Week 7 onwards.'),
      h1('The changes at a glance'),
      h2('Pauses'),
      p('Each team has **four tactical pauses** of thirty seconds per map. Technical pauses are unlimited but must be announced in the chat with a reason, for example `tech: player disconnected`.'),
      h2('Overtime'),
      p('Overtime is played in sets of six rounds with a starting money of 12,500. A tie after overtime leads to another set, until one team wins.'),
      h3('Forfeits'),
      p('A team that is not ready fifteen minutes after the scheduled time forfeits the map. A team that forfeits twice in a season loses its place in the playoff race.'),
      h2('Substitutes'),
      h4('Before roster lock'),
      p('Substitutes can be added at any time before October 2 without approval.'),
      h4('After roster lock'),
      p('A new player needs approval from league staff. *Emergency* substitutes for a single match are allowed once per season.'),
      quote('When in doubt, ask before the match, not after it.'),
      p('The full rulebook is available from your captain. See how the rules shape the table on the [rankings page](/rankings).'),
    ],
  },
  {
    slug: 'player-spotlight-calling-the-shots',
    title: 'Player spotlight: calling the shots from the back row',
    publishedAt: '2026-10-20T15:30:00Z',
    ...jonah,
    image: 'spotlight',
    body: [
      p('Every good team has one voice that holds it together. For Eclipse Knights, that voice belongs to a second-year engineering student who plays as **"Lattice"** and has called every round of the team\'s season so far.'),
      h2('On learning to lead'),
      quote('I was the player who never said anything. Then our caller graduated and somebody had to talk. It turns out you just describe what you see and make a decision quickly.'),
      p('Lattice keeps a notebook of every opponent, written by hand between classes. The team reviews it for fifteen minutes before each match and then, in Lattice\'s words, *throws half of it away when the first round goes wrong*.'),
      h2('On the climb'),
      p('The Knights started the season outside the top twenty. They are now inside the top ten, and they did it by winning the matches the rating system expected them to lose.'),
      quote('The Elo page is the first thing we check on Monday. Nobody admits it, but everybody does it.'),
      h3('Three habits worth copying'),
      ...bullets(
        'Keep calls short: a location, a number, a decision.',
        'Review losses the same night, wins the next day.',
        'Rotate who plays the entry role, so nobody burns out.',
      ),
      p('Follow the Knights and the other climbers on the [player rankings](/rankings#player).'),
    ],
  },
  {
    slug: 'october-biggest-upsets',
    title: "October's five biggest upsets",
    publishedAt: '2026-10-27T16:00:00Z',
    ...priya,
    image: 'upsets',
    body: [
      p('October was a rough month for favourites. We went through every result and ranked the upsets by how unlikely the rating system thought they were.'),
      ...numbered(
        '**Ironwood Comets over Cedar Ridge Phoenix.** Rated nearly 300 points lower, the Comets took the map 13–10 after trailing by five rounds at the half.',
        '**Willow Bend CC Griffins over Westbrook State Bison.** A first season team, a first win against a top-ten side.',
        '**Copperfield Lions over Eclipse Knights.** The only loss of the Knights\' October, on their own map pick.',
        '**Juniper Falls Herons over Lindenwood State Mavericks.** Won in double overtime after two technical pauses and a lot of nerves.',
        '**Falcon Ridge Storm over Ironwood Comets.** The Comets\' upset of the month lasted exactly one week.',
      ),
      p('Each upset moved the underdog close to a hundred Elo points in one evening. See all the results in [past matches](/matches#past).'),
      quote('Upsets are what make a season worth following. If the favourite always won, we would not need to play.'),
    ],
  },
  {
    slug: 'community-night-recap',
    title: 'Community night raises $4,200 for campus food pantries',
    publishedAt: '2026-11-03T20:00:00Z',
    ...maya,
    image: 'community',
    body: [
      p('Thank you. Last Friday\'s community night brought together eleven schools, two casters and more than six hundred viewers, and together you raised **$4,200** for food pantries on our member campuses.'),
      h2('The highlights'),
      ...bullets(
        'A staff-versus-captains show match that the captains won, loudly.',
        'A pistol-round-only tournament won by a team that had never played together.',
        'Three hours of student casters, half of them on the microphone for the first time.',
      ),
      p('Donations stay open until the end of the month through the campus food pantry network at [example.org](https://example.org/campus-pantries). Every dollar goes to the pantries.'),
      quote('This league exists because of the people in it. Friday was a good reminder of that.'),
      picture('crosshair', {
        alt: 'A bright crosshair on a teal background, the logo of the pistol-round tournament.',
        caption: 'The pistol-round tournament logo, designed by a first-year art student.',
      }),
    ],
  },
  {
    slug: 'rising-stars-five-players-climbing',
    title: 'Rising stars: five players climbing the ladder',
    publishedAt: '2026-11-10T14:00:00Z',
    image: 'risingStars',
    body: [
      p('Team ratings get the headlines, but the player ladder tells its own story. These five players have gained the most Elo since the start of the season.'),
      picture('scoreboard', {
        alt: 'A scoreboard with six rows; the top row is highlighted.',
        caption: 'The player ladder rewards consistency: every one of these players has played at least eight matches.',
      }),
      ...numbered(
        '**Lattice** (Eclipse Knights): the caller who leads by talking, and lately by fragging too.',
        '**Quill** (Ironwood Comets): an AWPer who made the team as a substitute in September.',
        '**Marrow** (Willow Bend CC Griffins): the steadiest entry player in the league.',
        '**Tidewater** (Juniper Falls Herons): clutch specialist, with more one-versus-twos won than anyone.',
        '**Juno** (Cedar Ridge Phoenix): quietly the highest-rated rifler on the best team.',
      ),
      p('Player ratings follow the same rules as team ratings. Find out how in [how our Elo rankings work](/news/how-elo-rankings-work), then see the full list on the [player rankings](/rankings#player).'),
    ],
  },
  {
    slug: 'playoff-picture-three-weeks-to-go',
    title: 'The playoff picture with three weeks to go',
    publishedAt: '2026-11-18T17:30:00Z',
    ...jonah,
    image: 'playoffs',
    body: [
      p('Three weeks remain in the regular season and eight playoff places are up for grabs. Four teams are all but certain; the other four places are wide open.'),
      h2('Safe'),
      ...bullets('**Cedar Ridge Phoenix**, top of the ladder since Week 3.', '**Eclipse Knights**, the form team of the autumn.', '**Westbrook State Bison** and **Ironwood Comets**, both comfortably clear.'),
      h2('In the race'),
      p('Six teams are separated by fewer than forty Elo points. With a win against a stronger opponent worth close to a hundred points, a single evening can move any of them in or out.'),
      h3('Matches to watch'),
      ...numbered(
        'Copperfield Lions against Juniper Falls Herons, a straight fight for seventh.',
        'Willow Bend CC Griffins against Lindenwood State Mavericks, where the loser is probably out.',
        'Falcon Ridge Storm against Eclipse Knights, the biggest rating gap of the three.',
      ),
      p('All three are rated as high-interest matches on the [upcoming matches](/matches#upcoming) page. We will be watching, and so should you.'),
    ],
  },
];
