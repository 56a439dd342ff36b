/** Every query key of the held-orders feature: queries and invalidations take theirs from here. */
export const heldKeys = {
  all: ['held'] as const,
  /** The proxy's held orders: live and recent, newest first. */
  list: () => [...heldKeys.all, 'list'] as const,
};
