import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { LaunchPhase, SubscriptionStatus } from '../api/launchApi';
import type { SubscribeProblem } from './launch';

export const subscribeProblemMessage: Record<SubscribeProblem, MessageDescriptor> = {
  amount: msg({ id: 'launch.amount_required', message: 'Please enter a subscription quantity' }),
  belowMin: msg({ id: 'launch.below_min', message: 'Below the minimum purchase' }),
  aboveMax: msg({ id: 'launch.above_max', message: 'Above the maximum purchase' }),
};

export const phaseLabel: Record<LaunchPhase, MessageDescriptor> = {
  warmup: msg({ id: 'launch.phase.warmup', message: 'Warm-up' }),
  subscription: msg({ id: 'launch.phase.subscription', message: 'Subscription open' }),
  ended: msg({ id: 'launch.phase.ended', message: 'Ended' }),
  published: msg({ id: 'launch.phase.published', message: 'Results published' }),
};

export const subscriptionStatusLabel: Record<SubscriptionStatus, MessageDescriptor> = {
  1: msg({ id: 'launch.status.locked', message: 'Locked' }),
  2: msg({ id: 'launch.status.unlockable', message: 'Unlockable' }),
  3: msg({ id: 'launch.status.done', message: 'Unlocked' }),
};

export const launchMessages = {
  subscribed: msg({ id: 'launch.subscribed', message: 'Subscription successful' }),
  unlocked: msg({ id: 'launch.unlocked', message: 'Unlocked' }),
  unlockFailed: msg({ id: 'launch.unlock_failed', message: 'Unlock failed' }),
};
