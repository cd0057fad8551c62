import { validateFeedback } from './feedback';

describe('validateFeedback', () => {
  it('needs some text, at most 2000 characters', () => {
    expect(validateFeedback('   ')).toBe('required');
    expect(validateFeedback('x'.repeat(2000))).toBeNull();
    expect(validateFeedback('x'.repeat(2001))).toBe('tooLong');
    expect(validateFeedback(' help ')).toBeNull();
  });
});
