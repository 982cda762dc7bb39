export { remindersRoutes } from './routes.js';
export { createRemindersService, type RemindersService } from './service.js';
export { createReminderJobs, REMINDER_JOB, type ReminderJobs } from './jobs.js';
export { createAnnouncements, CANCELLED_LINK } from './announcements.js';
