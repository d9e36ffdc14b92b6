/** Validation limits shared by the API and the web app (SPEC §5 and §9). */
export const LIMITS = {
  /** Names are "under 150 characters". */
  NAME_MAX: 149,
  FIRST_NAME_MIN: 1,
  FIRST_NAME_MAX: 50,
  PASSWORD_MIN: 8,
  /** Passwords longer than this are refused so hashing stays cheap. */
  PASSWORD_MAX: 200,
  /** Descriptions are "under 50,000 characters". */
  DESCRIPTION_MAX: 49_999,
  EMAIL_MAX: 254,
  URL_MAX: 2_000,
  PROMO_CODE_MIN: 3,
  PROMO_CODE_MAX: 50,
  /** A code that gives 100% off or unlocks hidden tickets: long enough not to be guessed (issue 37). */
  PROMO_CODE_STRONG_MIN: 8,
  TITLE_MAX: 149,
  PAGE_DEFAULT: 1,
  PER_PAGE_DEFAULT: 20,
  PER_PAGE_MAX: 100,
  QUERY_MAX: 200,
  IMAGE_MAX_BYTES: 5 * 1024 * 1024,
  /** Ids are PostgreSQL integers: a larger one names no row and must not reach the database. */
  ID_MAX: 2_147_483_647,
  /** The largest amount of money accepted anywhere (minor units). */
  MONEY_MAX: 100_000_000,
  /** Tickets in one order (all lines together): more is refused before any work. */
  ORDER_UNITS_MAX: 100,
  /** Lines (ticket or tier choices) in one reservation. */
  ORDER_LINES_MAX: 50,
  /** The largest order total (minor units): money columns are 32-bit integers. */
  ORDER_TOTAL_MAX: 1_000_000_000,
} as const;

/** A FILE question's upload (a buyer's document or photo): at most this many bytes. */
export const ANSWER_FILE_MAX_BYTES = 5 * 1024 * 1024;
/** What a FILE question takes, judged by the file's own first bytes (never its name or declared type). */
export const ANSWER_FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
export type AnswerFileType = (typeof ANSWER_FILE_TYPES)[number];
/** An uploaded photo is decoded to strip its metadata: larger ones (decompression bombs) are refused unread. */
export const ANSWER_IMAGE_MAX_PIXELS = 40_000_000;
/** The longest file name kept for an upload (characters, its extension included). */
export const ANSWER_FILE_NAME_MAX = 120;

/** How long a password reset link stays valid. */
export const PASSWORD_RESET_TTL_MINUTES = 60;
/** Sessions expire after this many days without use. */
export const SESSION_TTL_DAYS = 30;
