// The seeded random source lives in the domain: the demo seed and an event's random seeding draw from the same generator.
export { createRandom, type Random } from '@campus-elo/domain';
