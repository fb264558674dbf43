/** Limits both the pages and the API check, so the page's early check and the API's rule agree. */
export const LIMITS = {
  /** Skills on one member's profile. */
  skills: 30,
  /** A profile picture's largest size in bytes (5 MB): the page refuses a bigger file before sending it. */
  pictureBytes: 5 * 1024 * 1024,
  /** Shortest password accepted at sign-up, reset and by staff. */
  passwordMin: 8,
  /** A national ID: exactly this many digits. */
  nationalIdDigits: 10,
  /** The one-time code's length is a setting within these bounds. */
  otpLength: { min: 4, max: 10, default: 6 },
} as const;
