import { msg } from '@lingui/core/macro';
import { FEEDBACK_MAX_LENGTH } from '../api/feedbackApi';

export type FeedbackProblem = 'required' | 'tooLong';

/** Content is required (doc 2 §5) and at most 2000 characters (server). */
export function validateFeedback(content: string): FeedbackProblem | null {
  const text = content.trim();
  if (text === '') return 'required';
  if ([...text].length > FEEDBACK_MAX_LENGTH) return 'tooLong';
  return null;
}

export const feedbackProblemMessage = {
  required: msg({ id: 'feedback.content_required', message: 'Please describe your complaint' }),
  tooLong: msg({ id: 'feedback.too_long', message: 'At most 2000 characters' }),
};
