import { act, renderHook } from '@testing-library/react';
import { useCountdown } from './useCountdown';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('useCountdown', () => {
  it('counts whole seconds down to zero, then stops', () => {
    const { result } = renderHook(() => useCountdown());
    expect(result.current).toMatchObject({ remaining: 0, running: false });
    act(() => result.current.start(60));
    expect(result.current).toMatchObject({ remaining: 60, running: true });
    act(() => jest.advanceTimersByTime(999));
    expect(result.current.remaining).toBe(60);
    act(() => jest.advanceTimersByTime(1));
    expect(result.current.remaining).toBe(59);
    act(() => jest.advanceTimersByTime(59_000));
    expect(result.current).toMatchObject({ remaining: 0, running: false });
    expect(jest.getTimerCount()).toBe(0);
  });

  it('rounds a fractional start up and can restart or reset', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start(2.2));
    expect(result.current.remaining).toBe(3);
    act(() => result.current.start(10));
    expect(result.current.remaining).toBe(10);
    act(() => result.current.reset());
    expect(result.current).toMatchObject({ remaining: 0, running: false });
    act(() => jest.advanceTimersByTime(20_000));
    expect(result.current.remaining).toBe(0);
  });

  it('stops its timer when unmounted', () => {
    const { result, unmount } = renderHook(() => useCountdown());
    act(() => result.current.start(60));
    unmount();
    expect(jest.getTimerCount()).toBe(0);
  });
});
