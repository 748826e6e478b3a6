/**
 * One rule for the colour of every admin result (issue 29): green only when nothing failed;
 * red when something failed and nothing succeeded; yellow in between. A lookup that found
 * nothing ("not found") is a failure here: the tool did not do what it was asked for it.
 */
export type OutcomeColour = 'green' | 'yellow' | 'red';

export function outcomeColour({ failed, succeeded }: { failed: number; succeeded: number }): OutcomeColour {
  if (failed === 0) return 'green';
  return succeeded === 0 ? 'red' : 'yellow';
}
