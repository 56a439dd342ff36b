import type { FastifyRequest } from 'fastify';
import { IMPLICIT_PERSON, type AuditAction } from '../../interface';

/**
 * Keeps an audit record of what `request` just did, by its signed-in person, from its address.
 * Called once the thing is done: a record that cannot be kept (the database went away) is logged
 * as an error, and the answer still goes out, since failing it would tell the trader a ticket that
 * was sent was not, inviting a second one.
 */
export async function audited(
  request: FastifyRequest,
  action: AuditAction,
  subject: string | null,
  detail: Record<string, unknown> = {},
  actor = request.person?.name ?? IMPLICIT_PERSON.name,
): Promise<void> {
  try {
    await request.server.audit.append({ actor, action, subject, address: request.ip, detail });
  } catch (error) {
    request.log.error({ err: { message: (error as Error).message }, actor, action, subject }, 'the audit record was not kept');
  }
}
