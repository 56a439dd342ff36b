/** Every query key of the config feature: queries, invalidations and tests take theirs from here. */
export const configKeys = {
  all: ['config'] as const,
  /** The reading of the service's `/v1/tv/config`. */
  tv: () => [...configKeys.all, 'tv'] as const,
};
