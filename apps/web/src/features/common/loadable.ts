/** The parts of a query result a section needs to show loading, failure and data. */
export interface Loadable<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  error: unknown;
  refetch: () => unknown;
}
