import type { FastifyBaseLogger } from 'fastify';
import { REMINDER_LEAD_MINUTES } from '@live-market/contract';
import type { Db } from '../../db/client.js';
import type { JobQueue, TimedJob } from '../../jobs/queue.js';
import { notifySelected, type UnreadPush } from '../notifications/index.js';
import type { PushSender } from '../push/index.js';
import { dueAudience, findShow, isUpcoming, lockReminder, upcomingShows } from './repository.js';

export const REMINDER_JOB = 'stream-reminder';

/** One reminder: `lead` minutes before the show's start `at` (ISO), as it was when queued. */
export interface ReminderJob {
  streamId: string;
  lead: number;
  at: string;
}

export const showLink = (streamId: string) => `/stream/${streamId}`;

// "Starts in 60 minutes" is still true enough ten minutes late (a restart, a backlog); later it is not,
// and the next reminder or the show itself is close. Never less than a minute of slack.
const lateness = (lead: number) => Math.max(60_000, (lead * 60_000) / 6);
// A show announced 60 minutes ahead from a picker still gets its 60-minute reminder a moment later.
const ANNOUNCE_SLACK_MS = 60_000;

/**
 * Whether the reminder `lead` minutes before `at` is worth sending at `now`: not for a lead that had
 * already passed when the show was announced (a show 30 minutes ahead gets only its 5-minute one), and
 * not once it is too late to say "in `lead` minutes".
 */
export function worthSending(at: Date, lead: number, announcedAt: number, now: number): boolean {
  const due = at.getTime() - lead * 60_000;
  return due >= announcedAt - ANNOUNCE_SLACK_MS && now <= due + lateness(lead);
}

function jobsFor(show: { id: string; scheduledFor: Date }, announcedAt: number, now: number): TimedJob<ReminderJob>[] {
  const at = show.scheduledFor.toISOString();
  return REMINDER_LEAD_MINUTES.filter((lead) => worthSending(show.scheduledFor, lead, announcedAt, now)).map((lead) => ({
    // The start time is part of the key: a rescheduled show gets new reminders, and the old jobs find
    // the time changed and send nothing.
    key: `${show.id}:${lead}:${at}`,
    data: { streamId: show.id, lead, at },
    startAfter: new Date(show.scheduledFor.getTime() - lead * 60_000),
  }));
}

export interface ReminderJobsDeps {
  db: Db;
  queue: JobQueue;
  push: PushSender;
  pushUnread: UnreadPush;
  log: FastifyBaseLogger;
}

export function createReminderJobs(deps: ReminderJobsDeps) {
  const { db, queue, push, pushUnread, log } = deps;
  const now = () => queue.clock.now();

  /**
   * Runs on whichever instance fetched the job (pg-boss hands a job to one worker). It re-reads the
   * show, so a show started early, cancelled or moved sends nothing, and the notifications themselves
   * record who has had this reminder: a duplicate job or a retry after a crash adds nobody twice.
   */
  async function sendDue(job: ReminderJob): Promise<void> {
    const link = showLink(job.streamId);
    const notified = await db.transaction(async (tx) => {
      // Shared lock on the show: a start committing now is waited for and then seen.
      const show = await findShow(tx, job.streamId, { lock: true });
      if (!show || !isUpcoming(show) || show.scheduledFor!.toISOString() !== job.at) return [];
      if (!worthSending(show.scheduledFor!, job.lead, show.createdAt.getTime(), now())) return [];
      await lockReminder(tx, `${job.streamId}:${job.lead}:${job.at}`);
      return notifySelected(tx, dueAudience(job.streamId, link, job.at, job.lead), {
        type: 'stream_reminder',
        kind: 'stream_reminder',
        params: { store: show.storeName, title: show.title, minutes: job.lead, at: job.at },
        link,
      });
    });
    if (notified.length === 0) return;
    void pushUnread(notified);
    // Worth delivering only until the show starts; the last one should wake the phone.
    await push.sendNotifications(notified, link, { ttlSeconds: job.lead * 60, urgency: job.lead <= 5 ? 'high' : 'normal' });
  }

  /** After a show is announced (or moved), once committed: its reminders, at their times. */
  async function queueFor(show: { id: string; scheduledFor: Date | null }): Promise<void> {
    if (!show.scheduledFor) return;
    await queue.send(REMINDER_JOB, jobsFor({ id: show.id, scheduledFor: show.scheduledFor }, now(), now()));
  }

  /**
   * When the queue starts: every upcoming show's reminders again. Those already queued or sent keep
   * their job ids and are skipped; one lost between a commit and its enqueue (a crash) is queued now.
   */
  async function requeueUpcoming(): Promise<void> {
    const shows = await upcomingShows(db, new Date(now()));
    const jobs = shows.flatMap((s) => jobsFor({ id: s.id, scheduledFor: s.scheduledFor! }, s.createdAt.getTime(), now()));
    for (let i = 0; i < jobs.length; i += 500) await queue.send(REMINDER_JOB, jobs.slice(i, i + 500));
    if (jobs.length) log.info({ shows: shows.length, reminders: jobs.length }, 'reminders of upcoming shows re-queued (those already queued are kept)');
  }

  queue.define<ReminderJob>(REMINDER_JOB, sendDue);
  queue.onStart(requeueUpcoming);
  return { queueFor, sendDue, requeueUpcoming };
}

export type ReminderJobs = ReturnType<typeof createReminderJobs>;
