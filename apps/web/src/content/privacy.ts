import { PATHS, RETENTION_DAYS, type MessageKind } from '@agency/shared';
import { BRAND } from './brand';

/** What one public form sends us, field by field (its API field name and the words a visitor knows it by). */
export interface PrivacyForm {
  kind: MessageKind;
  name: string;
  path: string;
  fields: Record<string, string>;
}

/** Every public form ends with this line (components/forms/public-form-footer.tsx). */
export const PRIVACY_FORM_NOTE = {
  text: 'We use what you send only to answer you.',
  linkLabel: 'Privacy notice',
} as const;

/** The ways a person may ask about their data under the Nigeria Data Protection Act 2023. */
const RIGHTS = [
  'a copy of everything we hold about you, in a common format you can take elsewhere;',
  'a correction of anything that is wrong;',
  'the erasure of your enquiries and of the records of the e-mails we sent about them;',
  'that we stop using your details, or use them only for some purposes.',
];

/**
 * The privacy notice (issue 10, item 9): what the public forms collect, why, for how long, who reads it and how a
 * person asks for a copy or an erasure. The periods are the defaults of the purge issue 12 builds (RETENTION_DAYS).
 */
export const PRIVACY = {
  title: 'Privacy notice',
  metaDescription: `What ${BRAND.name} keeps from its contact, quote and training forms, why, for how long, who reads it, and how to ask for a copy or erasure under the Nigeria Data Protection Act 2023.`,
  eyebrow: 'Your data',
  heading: 'Privacy notice',
  intro: `What ${BRAND.name} keeps when you write to us through this website, why, for how long, who reads it, and how you can get a copy or have it erased.`,
  updated: '2026-11-27',
  illustration: {
    src: '/images/illustrations/privacy.svg',
    width: 480,
    height: 360,
    alt: '',
  },
  summaryHeading: 'In short',
  summary: [
    'We keep only what you type into our forms, and use it only to answer you.',
    `We delete enquiries after ${RETENTION_DAYS.ENQUIRIES} days (two years) at most.`,
    'Only our own staff read them. We never sell them, and we do not add you to a mailing list.',
    `E-mail ${BRAND.emails.business} for a copy or to have it erased; we answer within 30 days.`,
  ],
  who: {
    heading: 'Who we are',
    text: `${BRAND.name} is a digital agency at ${BRAND.address.street}, ${BRAND.address.locality}, ${BRAND.address.region}. We decide what happens to the details you send through this website, so under the Nigeria Data Protection Act 2023 we are responsible for them.`,
  },
  formsHeading: 'What we keep from each form',
  formsIntro: 'Each form keeps exactly the boxes you fill in, nothing you did not type or choose:',
  forms: [
    {
      kind: 'contact',
      name: 'Contact form',
      path: PATHS.contact,
      fields: {
        name: 'your name',
        email: 'your e-mail address',
        phone: 'your phone number',
        message: 'your message',
      },
    },
    {
      kind: 'request_quote',
      name: 'Request a Quote form',
      path: PATHS.requestQuote,
      fields: {
        name: 'your name',
        email: 'your e-mail address',
        phone: 'your phone number',
        location: 'the state you are in',
        projectDescription: 'the description of your project',
        services: 'the services you ticked',
      },
    },
    {
      kind: 'web_dev',
      name: 'Web development training registration',
      path: PATHS.webTraining,
      fields: {
        firstname: 'your first name',
        surname: 'your surname',
        email: 'your e-mail address',
        phone: 'your phone number',
        schedule: 'the schedule you chose (weekday or weekend)',
        trainingType: 'the course you chose',
        occupation: 'your occupation',
        state: 'the state you are in',
        referral: 'how you heard about us',
      },
    },
    {
      kind: 'creative_design',
      name: 'Creative graphic design training registration',
      path: PATHS.creativeTraining,
      fields: {
        firstname: 'your first name',
        surname: 'your surname',
        email: 'your e-mail address',
        phone: 'your phone number',
        schedule: 'the schedule you chose (weekday or weekend)',
        occupation: 'your occupation',
        state: 'the state you are in',
        referral: 'how you heard about us',
      },
    },
  ] satisfies PrivacyForm[],
  alsoHeading: 'With every form we also keep',
  // The reference is written with non-breaking hyphens (U+2011), so it never breaks across lines.
  also: [
    'the date and time it arrived, and the reference we give you (such as RD‑26‑00123);',
    'a copy of the e-mail that tells our staff about your enquiry, and of the confirmation we send you.',
  ],
  notKept:
    'The answer to the small sum under each form is checked and then thrown away. Your internet address is used only to count how many forms arrive from it, to stop automated spam; that count is not linked to what you sent and expires within an hour.',
  whyHeading: 'Why we keep it',
  why: [
    'We use your details because you asked us to: to answer your message, to prepare the quote you requested, or to enrol you on the course you registered for and tell you about its start date, schedule and fees.',
    'We do not use them for newsletters or advertising, we do not sell them, and we do not pass them to anyone outside the agency.',
  ],
  howLongHeading: 'How long we keep it',
  howLongIntro: 'We delete everything automatically, at the latest:',
  howLong: [
    { what: 'Your enquiry or registration', period: `${RETENTION_DAYS.ENQUIRIES} days after you send it` },
    {
      what: 'An enquiry our staff delete, or one our filters mark as spam',
      period: `${RETENTION_DAYS.TRASH_AND_SPAM} days after that`,
    },
    {
      what: 'The records of the e-mails we sent about it',
      period: `${RETENTION_DAYS.SENT_MAIL} days after they were sent`,
    },
  ],
  howLongOutro:
    'If you become a client or a student, we keep what we need for the work or the course, and the records the law requires, for as long as we need them; we will tell you about that when we agree the work.',
  // docs/decisions/0049: with the default BACKUP_KEEP (7 daily, 4 weekly) the last copy holding an erased person goes
  // within 34 days; a restore erases again everyone erased after the copy was made, and deletes what is past its time.
  backups:
    'We also keep a copy of everything once a day, in case a disk fails. When we erase your details, or delete them at the end of the periods above, they leave these copies as the older ones are replaced: within five weeks. If we ever have to bring back a copy, we erase you again, and delete anything past its time, before anyone uses it.',
  whoHeading: 'Who reads it',
  whoReads: [
    'Only our own staff: the people who answer enquiries and run the training. They read it on a private, password-protected page of this website and in the e-mails the website sends them.',
    'The details are stored on the server that runs this website and pass through our e-mail service only to reach our staff and you.',
  ],
  rightsHeading: 'Your rights, and how to ask',
  rightsIntro: 'Under the Nigeria Data Protection Act 2023 you may ask us at any time, free of charge, for:',
  rights: RIGHTS,
  howToAsk: {
    before: 'Send an e-mail to',
    after:
      'from the address you used in the form (or tell us the phone number you gave), and say what you would like. We may ask you to confirm it is you. We answer within 30 days.',
  },
  complaint:
    'If you are not happy with our answer, you can complain to the Nigeria Data Protection Commission (NDPC), which oversees the Act.',
  updatedLabel: 'Last updated',
} as const;
