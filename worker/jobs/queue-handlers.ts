// What each kind of fan-out message does: one line per kind, the work itself lives with its
// capability (newsletters, notifications, search, cache, billing, federation).
import type { Env } from '../env.ts';
import { zonePurgerFromEnv } from '../cache/zone-purge.ts';
import { sendNewsletterPage } from '../newsletters/send-story.ts';
import { sendNewsletterEmail } from './newsletter-send.ts';
import { sendInvitationPage } from '../newsletters/invitations.ts';
import { notifyFollowersPage } from '../notifications/new-story.ts';
import { pushRecordsToHostedIndex } from '../search/hosted-index.ts';
import { renewDueSubscription } from '../membership/billing-clock.ts';
import type { BatchMemo, FanOutMessage } from '../queues/messages.ts';
import { federateStoryChange } from './federation-story.ts';

export async function handleFanOutMessage(env: Env, message: FanOutMessage, memo: BatchMemo): Promise<void> {
  switch (message.kind) {
    case 'newsletter.page':
      return sendNewsletterPage(env, message);
    case 'newsletter.email':
      return sendNewsletterEmail(env, message, memo);
    case 'newsletter.invitations':
      return sendInvitationPage(env, message);
    case 'notifications.new-story':
      return notifyFollowersPage(env, message);
    case 'search.push':
      return pushRecordsToHostedIndex(env, message.refreshes);
    case 'cache.zone-purge': {
      const zone = zonePurgerFromEnv(env);
      const report = zone ? await zone.purgeTags(message.tags) : null;
      // A refused call (the Free plan allows few a minute) is tried again later.
      if (report && !report.ok) throw new Error(`Zone purge failed: ${report.errors.join('; ')}`);
      return;
    }
    case 'billing.renewal':
      return renewDueSubscription(env, message.subscriptionId, message.now);
    case 'federation.task':
      // Loaded when first needed, so the worker's start-up (and its HIT path) never evaluates Fedify.
      return (await import('../federation/federation.ts')).processFederationTask(env, message.task);
    case 'federation.story':
      return federateStoryChange(env, message.postId);
  }
}
