import { Messages } from '../../common/errors/messages';
import { OutboundPolicy, type OutboundProblem } from '../../common/net/outbound-policy';

/** The subscription's 400 for each way a target URL is refused. */
const MESSAGES: Record<OutboundProblem, string> = {
  malformed: Messages.webhookUrlInvalid,
  credentials: Messages.webhookUrlInvalid,
  scheme: Messages.webhookUrlNotHttps,
  'plain-http': Messages.webhookUrlNotHttps,
  'not-public': Messages.webhookUrlNotPublic,
};

/**
 * Where webhooks may be sent (SSRF protection): the service's outbound policy with WEBHOOK_ALLOWED_HOSTS as its
 * allow-list (public https addresses only, unless the host is listed). Checked when a subscription is saved, and
 * again in full at every delivery (`outbound.request`: the URL against the allow-list as it is now, IP literals
 * before connecting, names in the connection's own lookup).
 */
export class WebhookTargetPolicy {
  readonly outbound: OutboundPolicy;

  constructor(allowedHosts: string[]) {
    this.outbound = new OutboundPolicy(allowedHosts, 'WEBHOOK_ALLOWED_HOSTS');
  }

  /** The problem with a subscription URL (the contract's message), or null when it may be saved. */
  problemWithUrl(raw: string): string | null {
    const problem = this.outbound.problemWith(raw);
    return problem === null ? null : MESSAGES[problem];
  }
}
