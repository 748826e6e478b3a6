import {
  deleteByIdInput,
  deletedOutput,
  entityPathInput,
  eventCreateInput,
  eventDetail,
  eventLinkMatchInput,
  eventListInput,
  eventListOutput,
  eventSeedInput,
  eventUpdateInput,
  matchEventOutput,
  teamEventsOutput,
} from '@campus-elo/api-contract';
import { PAGING_PARAMS } from '../../lib/paging';
import { ownerProcedure, publicReadProcedure, router, staffProcedure } from '../../trpc';
import { createEvent, deleteEvent, linkMatch, seedEvent, updateEvent } from './admin-queries';
import { getEvent, getMatchEvent, getTeamEvents, listEvents } from './queries';

const TAG = 'Events';

export const eventsPublicProcedures = {
  events: publicReadProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/public/events',
        summary: 'Events, newest first',
        description: 'status: upcoming (before its start, nothing played), past (a winner decided, or after its end date), ongoing (otherwise).',
        tag: 'Public',
        params: {
          ...PAGING_PARAMS,
          status: 'upcoming, ongoing or past',
          season_id: 'Only events of this season',
          id: 'One event, or several comma-joined.',
          name: 'Part of the event name, ignoring case.',
          featured: 'true or false: only featured events, or only the others.',
          public_only: 'Taken for the earlier site: every event here is public, so it filters nothing.',
          sort: 'start_date (default), end_date or name; ties by name, then id.',
          order: 'desc (default, newest start first; A-Z for name) or asc.',
        },
      },
    })
    .input(eventListInput)
    .output(eventListOutput)
    .query(({ ctx, input }) => listEvents(ctx.db, input)),
  event: publicReadProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/public/events/:id',
        summary: "An event's page: details, links, bracket and standings",
        description:
          'stages: the bracket by part (single elimination; upper, lower bracket and grand final; round robin; swiss), rounds in order, each match a slot with its link to the next slots. standings: round robin and Swiss only.',
        tag: 'Public',
        errors: { 404: 'No event has this id' },
      },
    })
    .input(entityPathInput)
    .output(eventDetail)
    .query(({ ctx, input }) => getEvent(ctx.db, input.id)),
  teamEvents: publicReadProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/public/teams/:id/events',
        summary: "A team's events with its seed and placement",
        description: "Newest first. placement: 'Champion', 'Runner-up', 'Out in {round}', '{rank} of {teams}' (round robin, Swiss), or null while still in.",
        tag: 'Public',
        errors: { 404: 'No team has this id' },
      },
    })
    .input(entityPathInput)
    .output(teamEventsOutput)
    .query(({ ctx, input }) => getTeamEvents(ctx.db, input.id)),
  matchEvent: publicReadProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/public/matches/:id/event',
        summary: 'The event and round a match was played in',
        description: 'null when the match is not linked to a bracket.',
        tag: 'Public',
        errors: { 404: 'No match has this id' },
      },
    })
    .input(entityPathInput)
    .output(matchEventOutput)
    .query(({ ctx, input }) => getMatchEvent(ctx.db, input.id)),
};

export const eventsAdminRouter = router({
  create: staffProcedure
    .meta({ rest: { method: 'POST', path: '/events/', summary: 'Create an event and build its bracket', tag: TAG, status: 201 } })
    .input(eventCreateInput)
    .output(eventDetail)
    .mutation(({ ctx, input }) => createEvent(ctx.db, ctx.user, input)),
  update: staffProcedure
    .meta({ rest: { method: 'PUT', path: '/events/:id/', summary: "Replace an event's details", tag: TAG, errors: { 404: 'No event has this id' } } })
    .input(eventUpdateInput)
    .output(eventDetail)
    .mutation(({ ctx, input }) => updateEvent(ctx.db, ctx.user, input)),
  delete: ownerProcedure
    .meta({
      rest: {
        method: 'DELETE',
        path: '/events/:id/',
        summary: 'Delete an event and its bracket',
        description: 'Its matches stay, no longer linked to a bracket.',
        tag: TAG,
        errors: { 404: 'No event has this id' },
      },
    })
    .input(deleteByIdInput)
    .output(deletedOutput)
    .mutation(({ ctx, input }) => deleteEvent(ctx.db, ctx.user, input.id)),
  seed: staffProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/events/:id/seed/',
        summary: 'Seed again and rebuild the bracket',
        description: 'method elo (current Elo, the default), manual (the order of team_ids) or random (from seed; one is drawn and answered when none is given).',
        tag: TAG,
        errors: { 404: 'No event has this id', 409: 'A bracket match has been played or linked' },
      },
    })
    .input(eventSeedInput)
    .output(eventDetail)
    .mutation(({ ctx, input }) => seedEvent(ctx.db, ctx.user, input)),
  linkMatch: staffProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/events/:id/matches/:slot/link/',
        summary: 'Link a match to a bracket slot',
        description: "The match must be between the slot's two teams; its result advances the bracket at once. match_id null unlinks.",
        tag: TAG,
        params: { slot: 'The bracket match id (stages[].rounds[].matches[].id)' },
        errors: { 404: 'No event, slot or match has this id', 409: 'A bye, a slot without both teams, other teams, a match linked elsewhere, or a result the bracket can no longer take' },
      },
    })
    .input(eventLinkMatchInput)
    .output(eventDetail)
    .mutation(({ ctx, input }) => linkMatch(ctx.db, ctx.user, input)),
});
