import { z } from 'zod';
import type { MessageKind } from './enquiry-kinds';

/**
 * Notifications that fit a team (issue 23 item 4, docs/decisions/0046): a mail when a colleague assigns you an
 * enquiry (each person's own choice, on by default), and who else has an enquiry open or is writing a reply on it.
 */

/** GET, PUT (staff and owners): the signed-in person's choice of a mail when an enquiry is assigned to them. */
export const ASSIGNMENT_MAIL_PATH = '/api/me/assignment-mail' as const;

/** The switch's label and the words around it, used by the page, the mail and their tests. */
export const ASSIGNMENT_MAIL_COPY = {
  HEADING: 'Assignment mails',
  SWITCH: 'Mail me when an enquiry is assigned to me',
  ON: 'You get a mail when a colleague assigns an enquiry to you.',
  OFF: 'Assignment mails are off: the inbox shows what is yours.',
} as const;

export const AssignmentMailSettingSchema = z.strictObject({
  /** true: a colleague's assigning an enquiry to this person mails them. */
  enabled: z.boolean({ error: 'Say whether assignment mails are on: enabled is true or false.' }),
});
export type AssignmentMailSetting = z.output<typeof AssignmentMailSettingSchema>;

export const AssignmentMailSettingAnswerSchema = z.object({
  success: z.literal(true),
  enabled: z.boolean(),
});
export type AssignmentMailSettingAnswer = z.output<typeof AssignmentMailSettingAnswerSchema>;

/**
 * Presence on one enquiry. The view sends a heartbeat every HEARTBEAT_MS while it is open and the tab is shown (at
 * once when the reply box gains or loses its text); an entry not renewed within EXPIRES_MS is gone. Every instance
 * reads the same table, so a colleague on another server is seen too.
 */
export const PRESENCE_TIMES = { HEARTBEAT_MS: 15_000, EXPIRES_MS: 40_000, POLL_MS: 5_000 } as const;

export const PRESENCE_ACTIVITIES = ['viewing', 'replying'] as const;
export type PresenceActivity = (typeof PRESENCE_ACTIVITIES)[number];

/** GET: who else is on the enquiry; POST: a heartbeat (PresenceHeartbeatSchema); DELETE: the person left it. */
export const presencePath = (kind: MessageKind, id: number) => `/api/enquiries/${kind}/${id}/presence`;

export const PresenceHeartbeatSchema = z.strictObject({
  activity: z.enum(PRESENCE_ACTIVITIES, { error: 'Send viewing or replying as the activity.' }),
});
export type PresenceHeartbeat = z.output<typeof PresenceHeartbeatSchema>;

export const PresentColleagueSchema = z.object({
  userId: z.number(),
  name: z.string(),
  activity: z.enum(PRESENCE_ACTIVITIES),
});
export type PresentColleague = z.output<typeof PresentColleagueSchema>;

/** The others present, the one writing a reply first, then by name; never the person who asks. */
export const PresenceAnswerSchema = z.object({
  success: z.literal(true),
  present: z.array(PresentColleagueSchema),
});
export type PresenceAnswer = z.output<typeof PresenceAnswerSchema>;

/** The line the enquiry view shows: "Chidi is writing a reply", "Chidi and Ada are viewing". */
export function presenceLineOf(present: readonly PresentColleague[]): string {
  const names = (activity: PresenceActivity) => present.filter((p) => p.activity === activity).map((p) => p.name);
  const phrase = (who: string[], doing: string) =>
    who.length === 0
      ? undefined
      : `${who.length === 1 ? who[0] : `${who.slice(0, -1).join(', ')} and ${who.at(-1)}`} ${who.length === 1 ? 'is' : 'are'} ${doing}`;
  return [phrase(names('replying'), 'writing a reply'), phrase(names('viewing'), 'viewing')]
    .filter((part): part is string => part !== undefined)
    .join('; ');
}

/** The words of the staff's mails about an enquiry: answer it in the app, where colleagues see who is on it. */
export const STAFF_MAIL_COPY = {
  ANSWER_IN_APP: 'Answer them in the staff dashboard, so your colleagues see who is answering.',
  OPEN: 'Open this enquiry',
} as const;
