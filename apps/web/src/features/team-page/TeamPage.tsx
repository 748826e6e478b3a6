// Placeholder until the page lands (issue 10); replaced before this reaches main's CI.
export function TeamPage({ id }: { id: string }) {
  return <p>{id}</p>;
}
