/** Option lists of spec section 3, spelled exactly as the product spells them. */

export const WEB_TRAINING_TYPES = ['Web Design & Development', 'Web Design', 'Web Development'] as const;

export const CREATIVE_TRAINING_TYPE = 'Creative Graphic Design' as const;

export const SCHEDULES = ['Weekday', 'Weekend'] as const;

export const OCCUPATIONS = ['ITProfessional', 'Developer', 'Freelance', 'Worker', 'Applicant', 'Student'] as const;

export const REFERRALS = [
  'Social Media',
  'Friend/Family',
  'Google Search',
  'NairaLand',
  'LinkeIn',
  'Website',
  'Advertisement',
  'Others',
] as const;

/**
 * The 36 states, Abia to Zamfara, and the Federal Capital Territory as "Abuja (FCT)" in its alphabetical place: a
 * deliberate deviation from spec 3, which left it out, so that prospects from Abuja can say where they are (issue 17,
 * docs/decisions/0027). Its full name does not fit a select at 1280 px, and a visitor types "Abu" to find it.
 */
export const NIGERIAN_STATES = [
  'Abia',
  'Abuja (FCT)',
  'Adamawa',
  'Akwa Ibom',
  'Anambra',
  'Bauchi',
  'Bayelsa',
  'Benue',
  'Borno',
  'Cross River',
  'Delta',
  'Ebonyi',
  'Edo',
  'Ekiti',
  'Enugu',
  'Gombe',
  'Imo',
  'Jigawa',
  'Kaduna',
  'Kano',
  'Katsina',
  'Kebbi',
  'Kogi',
  'Kwara',
  'Lagos',
  'Nasarawa',
  'Niger',
  'Ogun',
  'Ondo',
  'Osun',
  'Oyo',
  'Plateau',
  'Rivers',
  'Sokoto',
  'Taraba',
  'Yobe',
  'Zamfara',
] as const;

export const QUOTE_SERVICES = [
  'Web development',
  'Mobile app development',
  'Website redesign',
  'Digital marketing',
  'Creative graphic design',
  'SEO',
] as const;

export type WebTrainingType = (typeof WEB_TRAINING_TYPES)[number];
export type Schedule = (typeof SCHEDULES)[number];
export type Occupation = (typeof OCCUPATIONS)[number];
export type Referral = (typeof REFERRALS)[number];
export type NigerianState = (typeof NIGERIAN_STATES)[number];
export type QuoteService = (typeof QUOTE_SERVICES)[number];
