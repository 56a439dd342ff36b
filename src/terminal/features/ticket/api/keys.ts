/** Every query and mutation key of the ticket feature: nothing else builds one. */
export const ticketKeys = {
  all: ['ticket'] as const,
  /** The mutation that sends a ticket; while one runs, nothing looks the pending ticket up. */
  send: () => [...ticketKeys.all, 'send'] as const,
  /** The mutation that arms a held order or sends a bracket from the ticket. */
  arm: () => [...ticketKeys.all, 'arm'] as const,
  /** What the journal says of one ticket, by its idempotency key: every read of it below. */
  journal: (ticketKey: string) => [...ticketKeys.all, 'journal', ticketKey] as const,
  /** Its progress while it goes out request by request. */
  progress: (ticketKey: string) => [...ticketKeys.journal(ticketKey), 'progress'] as const,
  /** Its outcome, looked up after a reload or a lost answer. */
  recovery: (ticketKey: string) => [...ticketKeys.journal(ticketKey), 'recovery'] as const,
};
