/** The rankings widgets wait for the home season, so they never flash the all-seasons list. */
export interface HomeSeasonProps {
  seasonId: string | undefined;
  seasonReady: boolean;
}
