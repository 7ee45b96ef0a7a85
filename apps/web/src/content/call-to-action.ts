import { PATHS } from '@agency/shared';

/** The call-to-action strip shared by most pages (spec 1). */
export const CALL_TO_ACTION = {
  heading: 'Are you ready to discuss your next project?',
  text: 'Tell us what you have in mind. We reply within one working day.',
  button: { label: 'Contact us', to: PATHS.contact },
} as const;
