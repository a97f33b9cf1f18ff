/** Optional, shown to nobody: used only for women-only rides (decision 008). */
export const GENDERS = ['woman', 'man', 'non_binary', 'prefer_not_to_say'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = {
  woman: 'Woman',
  man: 'Man',
  non_binary: 'Non-binary',
  prefer_not_to_say: 'Prefer not to say',
};
