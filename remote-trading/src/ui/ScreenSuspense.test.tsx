import { act, render, screen } from '@testing-library/react';
import { ScreenSuspense } from './ScreenSuspense';

describe('ScreenSuspense', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('renders a screen that is already loaded a frame after the page around it, not in its commit', async () => {
    const { container } = render(
      <main>
        <h1>Spot trading</h1>
        <ScreenSuspense>
          <p>The screen</p>
        </ScreenSuspense>
      </main>,
    );
    // The page's first commit: its shell and the skeleton.
    expect(screen.getByText('Spot trading')).toBeInTheDocument();
    expect(screen.queryByText('The screen')).not.toBeInTheDocument();
    expect(container.querySelector('.MuiSkeleton-root')).not.toBeNull();
    // A frame, and the task after it.
    await act(async () => void (await jest.advanceTimersByTimeAsync(20)));
    expect(screen.getByText('The screen')).toBeInTheDocument();
    expect(container.querySelector('.MuiSkeleton-root')).toBeNull();
  });
});
