import { SimpleGrid } from '@mantine/core';
import { UpdateMatchesAction, UpdatePlayerEloAction } from '../imports/control-panel-actions';
import { CalculateTeamEloAction, RankingSnapshotAction, RecalculateEloAction, ResetPlayerEloAction } from './EloActions';
import { RatingsWhatIfAction } from './RatingsWhatIfAction';

/** The Elo and maintenance tools, in the order of docs/product.md (Control Panel). */
export function ControlPanelTab() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
      <UpdatePlayerEloAction />
      <ResetPlayerEloAction />
      <CalculateTeamEloAction />
      <RecalculateEloAction />
      <RatingsWhatIfAction />
      <UpdateMatchesAction />
      <RankingSnapshotAction />
    </SimpleGrid>
  );
}
