/** The follow-up statuses an enquiry can have; each kind's definition names the set that applies to it. */
export const LEAD_STATUSES = ['new', 'contacted', 'won', 'lost'] as const;
export const TRAINING_STATUSES = ['new', 'contacted', 'enrolled', 'declined'] as const;
export const ENQUIRY_STATUSES = ['new', 'contacted', 'won', 'lost', 'enrolled', 'declined'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];
