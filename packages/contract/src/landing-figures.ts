import { z } from 'zod';

/**
 * The landing page's figures, measured on this product's own rides (decision 018). Each is null
 * until enough rides stand behind it (LANDING_FIGURE_MINIMUMS): the page then leaves it out
 * rather than show a claim nothing supports.
 */
export const landingFiguresSchema = z.object({
  /** Riders who posted a ride in the last 30 days, down to the ten (the hundred from 100): "30+". */
  monthlyRiders: z.number().int().nullable(),
  /** Rupees a rider saved against a solo cab, on average, in cabs of the last 90 days. */
  averageSaving: z.number().int().nullable(),
  /** Percent of the last 30 days' rides whose riders found a match. */
  matchConversion: z.number().int().nullable(),
});
export type LandingFigures = z.infer<typeof landingFiguresSchema>;

export const LANDING_FIGURE_MINIMUMS = {
  /** Riders in 30 days before a count is shown. */
  monthlyRiders: 10,
  /** Riders in shared cabs before an average saving is shown. */
  savers: 20,
  /** Rides whose time has come before a conversion is shown. */
  rides: 20,
} as const;
