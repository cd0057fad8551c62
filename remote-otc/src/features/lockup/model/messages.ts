import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { LockOrderStatus } from '../api/lockupApi';

export const lockStatusLabel: Record<LockOrderStatus, MessageDescriptor> = {
  1: msg({ id: 'lockup.status.running', message: 'In progress' }),
  2: msg({ id: 'lockup.status.ended', message: 'Ended' }),
  3: msg({ id: 'lockup.status.cancelled', message: 'Cancelled' }),
};
