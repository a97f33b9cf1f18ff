/** The product's name; the spec writes {product} where it goes. */
export const PRODUCT_NAME = 'AeroPool';

/** Shown on /privacy, /tos and /support, and where support tickets are mailed by default. */
export const DEFAULT_SUPPORT_EMAIL = 'support@aeropool.in';

/** The product lives in one city's time zone (spec: Asia/Kolkata). */
export const TIME_ZONE = 'Asia/Kolkata';

/** Its offset from UTC, +05:30 all year (no daylight saving). */
export const TIME_ZONE_OFFSET_MS = 330 * 60_000;
