/** Every query key of the orders feature: queries and invalidations take theirs from here. */
export const ordersKeys = {
  all: ['orders'] as const,
  /** The newest page of the proxy's journal. */
  journal: () => [...ordersKeys.all, 'journal'] as const,
};
