/**
 * How long personal data is kept at most, in days: the defaults of the daily purge issue 12 builds (enquiries:
 * RETENTION_DAYS). The privacy notice states them, so a change here changes what visitors are promised.
 */
export const RETENTION_DAYS = {
  /** Enquiries from the public forms, counted from the day they were sent. */
  ENQUIRIES: 730,
  /** Enquiries deleted by staff (the trash) and submissions filed as spam. */
  TRASH_AND_SPAM: 30,
  /** Records of the mails the site sent: staff notifications and visitors' auto-replies. */
  SENT_MAIL: 90,
} as const;
