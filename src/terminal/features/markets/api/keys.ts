/** Every query key of the markets feature: queries and invalidations take theirs from here. */
export const marketsKeys = {
  all: ['markets'] as const,
  futures: () => [...marketsKeys.all, 'futures'] as const,
};
