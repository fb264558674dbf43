/** Limits both the pages and the API check, so the page's early check and the API's rule agree. */
export const LIMITS = {
  /** Skills on one member's profile. */
  skills: 30,
  /** A profile picture's largest size in bytes (5 MB): the page refuses a bigger file before sending it. */
  pictureBytes: 5 * 1024 * 1024,
  /** Shortest password accepted at sign-up, reset and by staff. */
  passwordMin: 8,
  /** Longest password any form takes (sign-in, sign-up, reset, profile and the back-office). */
  passwordMax: 256,
  /** Longest person's name (a member, a guardian or supervisor, staff, a contact message's sender). */
  nameMax: 120,
  /** Longest e-mail address (RFC 5321's path limit less its brackets). */
  emailMax: 254,
  /** Longest phone number as typed, before it is normalised. */
  phoneMax: 30,
  /** Longest title of a record (an event, post, plan, category, season...), in each language. */
  titleMax: 200,
  /** Longest plain description (an event's, a plan's), in each language. */
  descriptionMax: 5000,
  /** Longest rich text (a post's body, the policies), before it is sanitised. */
  richTextMax: 500_000,
  /** Longest message sent through the contact form. */
  contactMessageMax: 5000,
  /** Longest staff reply to a contact message. */
  contactReplyMax: 10_000,
  /** Most library files in a post's gallery, and most videos in a post. */
  postMediaMax: 10,
  /** Longest reason kept with a refund. */
  refundReasonMax: 500,
  /** Longest reason a member gives with a correction request (date of birth, grade). */
  correctionReasonMax: 300,
  /** Longest team name a coach gives. */
  teamNameMax: 100,
  /** Longest note staff write on a team (a rejection, requested changes, a manual payment). */
  teamReasonMax: 500,
  /** A broadcast's subject, in each language (also the first line of its WhatsApp message). */
  broadcastSubjectMax: 150,
  /** A broadcast's text, in each language (the e-mail carries it whole). */
  broadcastBodyMax: 5000,
  /**
   * A broadcast's text sent by WhatsApp, on one line: a template parameter, and Meta refuses a
   * message longer than 1,024 characters with the template's own words.
   */
  broadcastWhatsappMax: 700,
  /** Broadcasts one staff member may save in an hour (each may reach thousands). */
  broadcastsPerHour: 10,
  /** The furthest "plan ends within N days" a segment takes, and how far ahead a broadcast is scheduled. */
  broadcastDaysMax: 366,
  /** A national ID: exactly this many digits. */
  nationalIdDigits: 10,
  /** The one-time code's length is a setting within these bounds. */
  otpLength: { min: 4, max: 10, default: 6 },
} as const;
