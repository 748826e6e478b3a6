/**
 * Vitest global setup (root vitest.config.ts). With DATABASE_URL unset and a Docker engine
 * answering, the run's tests use one PostgreSQL container from testcontainers: DATABASE_URL
 * points at it, so createTestDatabase makes a fresh database on it for each test file.
 * Whether an engine answers is testcontainers' own detection (DOCKER_HOST,
 * ~/.testcontainers.properties, the Docker socket). Without one nothing changes: the tests
 * use DATABASE_URL's server, or in-memory PGlite.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.DATABASE_URL) return undefined;
  const { getContainerRuntimeClient } = await import('testcontainers');
  try {
    await getContainerRuntimeClient();
  } catch {
    return undefined;
  }
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  // The major version docker-compose.yml runs in production.
  const container = await new PostgreSqlContainer('postgres:16').start();
  process.env.DATABASE_URL = container.getConnectionUri();
  console.log(`Tests use a PostgreSQL container (testcontainers) at ${container.getHost()}:${container.getPort()}`);
  return async () => {
    await container.stop();
  };
}
